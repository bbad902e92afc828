import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestApi, type TestApi } from "./testing.ts";

let api: TestApi;
beforeAll(async () => {
  api = await openTestApi();
});
afterAll(() => api.database.close());

describe("bad query parameters answer 400 naming the parameter", () => {
  it.each([
    ["/api/events?page[number]=two", "page[number]"],
    ["/api/events?page[number]=0", "page[number]"],
    ["/api/events?page[number]=-1", "page[number]"],
    ["/api/events?page[size]=101", "page[size]"],
    ["/api/events?page[size]=0", "page[size]"],
    ["/api/events?page[size]=1.5", "page[size]"],
    ["/api/events?page[offset]=10", "page[offset]"],
    ["/api/events?filter[colour]=red", "filter[colour]"],
    ["/api/events?filter[sport]=curling", "filter[sport]"],
    ["/api/events?filter[when]=tomorrow", "filter[when]"],
    ["/api/events?filter[from]=yesterday", "filter[from]"],
    ["/api/events?filter[to]=2027-02-30", "filter[to]"],
    ["/api/events?filter[from]=2027-02-30T10:00:00Z", "filter[from]"],
    ["/api/events?filter[from]=2027-13-01T10:00:00Z", "filter[from]"],
    ["/api/events?filter[from]=0000-01-01", "filter[from]"],
    ["/api/events?filter[to]=0000-12-31T10:00Z", "filter[to]"],
    ["/api/events?filter[from]=0001-01-01T00:30%2B01:00", "filter[from]"],
    [`/api/events?filter[q]=${"x".repeat(101)}`, "filter[q]"],
    ["/api/events?sort=price", "sort"],
    ["/api/events?sort=-", "sort"],
    ["/api/events?include=stays", "include"],
    ["/api/events?fields[events]=title,colour", "fields[events]"],
    ["/api/events?fields[users]=name", "fields[users]"],
    ["/api/events?locale=xx-YY", "locale"],
    ["/api/events?colour=red", "colour"],
    ["/api/events?page[size]=10&page[size]=20", "page[size]"],
    ["/api/events/some-slug?page[number]=1", "page[number]"],
    ["/api/events/some-slug?include=sponsors", "include"],
    ["/api/events/some-slug/appointments?sort=startsAt", "sort"],
    ["/api/appointments/x?include=stays", "include"],
    ["/api/pages/about?filter[q]=x", "filter[q]"],
    ["/api/events?filter[q]=a%00b", "filter[q]"],
    ["/api/events?filter[q]=%00", "filter[q]"],
  ])("%s", async (path, parameter) => {
    const { status, body, headers } = await api.get(path);
    expect(status).toBe(400);
    expect(headers.get("content-type")).toBe("application/vnd.api+json");
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).toMatchObject({ status: "400", code: "invalid-parameter", source: { parameter } });
    expect(body.errors[0].detail).toEqual(expect.any(String));
  });
});

describe("routes and methods", () => {
  it.each(["/api/events/%00", "/api/events/a%00b/stays", "/api/pages/%00", "/api/appointments/%00"])(
    "answers 404 for a path with a NUL character: %s",
    async (path) => {
      const { status, body } = await api.get(path);
      expect(status).toBe(404);
      expect(body.errors[0]).toMatchObject({ status: "404", code: "not-found" });
    },
  );

  it("answers 404 as a JSON:API error for an unknown endpoint", async () => {
    const { status, body, headers } = await api.get("/api/nothing/here");
    expect(status).toBe(404);
    expect(headers.get("vary")).toBe("Accept, Accept-Language");
    expect(body.errors[0]).toMatchObject({ status: "404", code: "not-found" });
  });

  it("answers 405 with Allow for a method the endpoint does not take", async () => {
    const response = await api.request("/api/events", { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
    expect((await response.json()).errors[0].code).toBe("method-not-allowed");
  });
});

describe("content negotiation (JSON:API 1.1)", () => {
  it("accepts the JSON:API media type, plain JSON, wildcards and no Accept at all", async () => {
    for (const accept of [
      "application/vnd.api+json",
      "application/json",
      "*/*",
      'application/vnd.api+json; profile="https://example.com/p"',
    ]) {
      expect((await api.get("/api/events", { accept })).status).toBe(200);
    }
    expect((await api.get("/api/events")).status).toBe(200);
  });

  it("answers 406 when every JSON:API media range carries an unsupported parameter", async () => {
    const { status, body } = await api.get("/api/events", { accept: "application/vnd.api+json; charset=utf-8" });
    expect(status).toBe(406);
    expect(body.errors[0]).toMatchObject({ code: "not-acceptable", source: { header: "Accept" } });
    expect(
      (await api.get("/api/events", { accept: 'application/vnd.api+json; ext="https://jsonapi.org/ext/atomic"' }))
        .status,
    ).toBe(406);
    expect((await api.get("/api/events", { accept: "text/html" })).status).toBe(406);
    // Naming the JSON:API media type only with a parameter is a 406 even beside a wildcard.
    expect((await api.get("/api/events", { accept: "application/vnd.api+json; charset=utf-8, */*" })).status).toBe(406);
    expect((await api.get("/api/events", { accept: "application/json;q=0.0, text/html" })).status).toBe(406);
  });

  it("serves when one JSON:API media range is acceptable", async () => {
    const accept = "application/vnd.api+json; charset=utf-8, application/vnd.api+json";
    expect((await api.get("/api/events", { accept })).status).toBe(200);
  });

  it("answers 415 for a JSON:API body with an unsupported media type parameter", async () => {
    const response = await api.request("/api/events", {
      method: "POST",
      headers: { "content-type": "application/vnd.api+json; charset=utf-8" },
      body: "{}",
    });
    expect(response.status).toBe(415);
    expect((await response.json()).errors[0]).toMatchObject({
      code: "unsupported-media-type",
      source: { header: "Content-Type" },
    });
  });
});
