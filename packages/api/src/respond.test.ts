import { JSONAPI_MEDIA_TYPE } from "@sports/jsonapi";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { DocumentHandover, document, metaDocument } from "./respond.ts";

const api = new Hono();
api.get("/events/1", (c) => document(c, { data: { type: "events", id: "1", attributes: { title: "Run" } } }));
api.post("/checks", (c) => metaDocument(c, { checked: true }, 202));

describe("an answer's document", () => {
  it("is written as JSON for a request from the network", async () => {
    const answer = await api.request("/events/1");
    expect(answer.headers.get("content-type")).toBe(JSONAPI_MEDIA_TYPE);
    expect(await answer.json()).toEqual({
      jsonapi: { version: "1.1" },
      data: { type: "events", id: "1", attributes: { title: "Run" } },
    });
  });

  it("is handed over as it is to the site in process, its body left empty", async () => {
    for (const [path, method, status, handed] of [
      [
        "/events/1",
        "GET",
        200,
        { jsonapi: { version: "1.1" }, data: { type: "events", id: "1", attributes: { title: "Run" } } },
      ],
      ["/checks", "POST", 202, { jsonapi: { version: "1.1" }, meta: { checked: true } }],
    ] as const) {
      const handover = new DocumentHandover();
      const answer = await api.request(path, { method }, { handover });
      expect(answer.status).toBe(status);
      expect(answer.headers.get("content-type")).toBe(JSONAPI_MEDIA_TYPE);
      expect(await answer.text()).toBe("");
      expect(handover.document).toEqual(handed);
    }
  });

  it("is written as JSON when the environment only looks like a handover", async () => {
    const forged = { document: undefined };
    const answer = await api.request("/events/1", {}, { handover: forged });
    expect((await answer.json()).data.id).toBe("1");
    expect(forged.document).toBeUndefined();
  });
});
