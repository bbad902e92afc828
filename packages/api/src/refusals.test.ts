import { REFUSAL_CODES, Refusal } from "@sports/domain";
import { describe, expect, it } from "vitest";
import { httpErrorOf, pointerOf } from "./refusals.ts";

describe("the one mapping of refusals to HTTP answers", () => {
  it("answers every refusal code with a client error or a 502, never a 500", () => {
    for (const code of REFUSAL_CODES) {
      const { status, objects } = httpErrorOf(new Refusal(code, "Because."));
      expect(status === 502 || (status >= 400 && status < 500), code).toBe(true);
      expect(objects).toEqual([expect.objectContaining({ status: String(status), code })]);
    }
  });

  it("points at the field a refusal is about, and answers each problem of invalid input on its own field", () => {
    expect(
      httpErrorOf(new Refusal("not-found", "No such appointment.", { field: { relationship: "appointment" } })),
    ).toMatchObject({
      status: 404,
      objects: [
        { code: "not-found", detail: "No such appointment.", source: { pointer: "/data/relationships/appointment" } },
      ],
    });
    const invalid = new Refusal("invalid-input", "Problems.", {
      problems: [
        { code: "no-participants", detail: "Add one." },
        { index: 1, attribute: "gender", code: "wrong-gender", detail: "For women only." },
      ],
    });
    expect(httpErrorOf(invalid)).toMatchObject({
      status: 400,
      objects: [
        { code: "no-participants", source: { pointer: "/data" } },
        { code: "wrong-gender", source: { pointer: "/data/1/attributes/gender" } },
      ],
    });
    expect(pointerOf({ attribute: "email" })).toBe("/data/attributes/email");
  });

  it("says when to try again, and keeps what a provider's notification got wrong to the logs", () => {
    const throttled = httpErrorOf(new Refusal("too-many-requests", "Wait.", { retryAfterSeconds: 8 }));
    expect([throttled.status, throttled.headers["Retry-After"]]).toEqual([429, "8"]);
    const unreadable = httpErrorOf(new Refusal("invalid-notification", "Stripe: data.object: Required"));
    expect(unreadable.objects[0]?.detail).toBe("The notification is signed but the site cannot read it.");
  });
});
