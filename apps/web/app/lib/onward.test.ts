import { type DataDocument, RecordStore } from "@sports/jsonapi";
import { describe, expect, it } from "vitest";
import { arrivedOnward, followOnward, goOnward, pageAnswer } from "./onward.ts";

const saved: DataDocument = { data: { type: "signups", id: "s1", attributes: { staysChosen: true } } };
const RECAP = "/it-IT/evento/trail/appuntamento/32k/iscrizione/s1/recap";
const STEP = "https://events.example.org/it-IT/evento/trail/appuntamento/32k/iscrizione/s1/soggiorni";

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

describe("going on after a change", () => {
  it("redirects a form posted without JavaScript, as ever", () => {
    const redirect = thrown(() => goOnward(new Request(STEP, { method: "POST" }), RECAP, [saved]));
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).status).toBe(302);
    expect((redirect as Response).headers.get("location")).toBe(RECAP);
  });

  it("answers the page's script with the API's documents and the address", () => {
    const answer = goOnward(new Request(`${STEP}.data`, { method: "POST" }), RECAP, [saved, undefined]);
    expect(answer).toEqual({ onward: RECAP, documents: [saved] });
  });

  it("puts the documents in the store and goes on; the next load there knows it came onward, once", () => {
    const store = new RecordStore();
    const redirect = thrown(() => followOnward({ onward: RECAP, documents: [saved] }, store));
    expect((redirect as Response).headers.get("location")).toBe(RECAP);
    expect(store.find("signups", "s1")?.attributes).toEqual({ staysChosen: true });
    expect(arrivedOnward(new Request(`https://events.example.org${RECAP}`))).toBe(true);
    expect(arrivedOnward(new Request(`https://events.example.org${RECAP}`))).toBe(false);
  });

  it("does not count a load elsewhere as the onward one", () => {
    thrown(() => followOnward({ onward: RECAP, documents: [] }, new RecordStore()));
    expect(arrivedOnward(new Request(STEP))).toBe(false);
    expect(arrivedOnward(new Request(`https://events.example.org${RECAP}`))).toBe(false);
  });

  it("hands any other answer back to the page unchanged", () => {
    const refusal = { skipRefusal: "sold-out" };
    expect(followOnward(refusal, new RecordStore())).toBe(refusal);
    expect(pageAnswer(refusal)).toBe(refusal);
    expect(pageAnswer({ onward: RECAP, documents: [] })).toBeUndefined();
  });
});
