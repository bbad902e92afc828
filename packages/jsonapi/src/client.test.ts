import { describe, expect, it } from "vitest";
import {
  type ApiClientOptions,
  ApiError,
  createApiClient,
  type FetchFunction,
  handOver,
  NetworkError,
  resolveUrl,
  withRecordStore,
} from "./client.ts";
import { JSONAPI_MEDIA_TYPE } from "./document.ts";
import { RecordStore } from "./store.ts";

interface Call {
  url: string;
  init: RequestInit;
  headers: Headers;
}

const eventDocument = { data: { type: "events", id: "1", attributes: { title: "Run" } } };

function jsonApi(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": JSONAPI_MEDIA_TYPE } });
}

/** A fake `fetch` that records each call and answers with `respond`'s real Response. */
function fakeFetch(
  respond: (url: string, init: RequestInit) => Response | Promise<Response> = () => jsonApi(eventDocument),
) {
  const calls: Call[] = [];
  const fetch: FetchFunction = async (url, init) => {
    calls.push({ url, init, headers: new Headers(init.headers) });
    return respond(url, init);
  };
  return { fetch, calls };
}

function clientWith(options: Partial<ApiClientOptions> = {}, respond?: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch(respond);
  const events: string[] = [];
  const client = createApiClient({
    baseUrl: "https://example.org",
    fetch: fake.fetch,
    onRequest: () => {
      events.push("start");
      return (ok) => events.push(`end:${ok}`);
    },
    ...options,
  });
  return { client, calls: fake.calls, events };
}

function lastCall(calls: Call[]): Call {
  const call = calls.at(-1);
  if (!call) throw new Error("fetch was not called");
  return call;
}

describe("headers", () => {
  it("always asks for JSON:API and sends Content-Type only with a body", async () => {
    const { client, calls } = clientWith();
    await client.get("/api/events");
    expect(lastCall(calls).headers.get("accept")).toBe(JSONAPI_MEDIA_TYPE);
    expect(lastCall(calls).headers.has("content-type")).toBe(false);
    expect(lastCall(calls).init.body).toBeUndefined();

    await client.post("/api/signups", { data: { type: "signups" } });
    expect(lastCall(calls).init.method).toBe("POST");
    expect(lastCall(calls).headers.get("accept")).toBe(JSONAPI_MEDIA_TYPE);
    expect(lastCall(calls).headers.get("content-type")).toBe(JSONAPI_MEDIA_TYPE);
    expect(JSON.parse(String(lastCall(calls).init.body))).toEqual({ data: { type: "signups" } });

    await client.delete("/api/signups/1");
    expect(lastCall(calls).init.method).toBe("DELETE");
    expect(lastCall(calls).headers.has("content-type")).toBe(false);
  });

  it("sends the token with the Bearer scheme by default", async () => {
    const { client, calls } = clientWith({ token: () => "abc" });
    await client.get("/api/me");
    expect(lastCall(calls).headers.get("authorization")).toBe("Bearer abc");
  });

  it("uses a custom scheme, or the bare token when the scheme is empty", async () => {
    const custom = clientWith({ token: () => "abc", authScheme: "Token" });
    await custom.client.get("/api/me");
    expect(lastCall(custom.calls).headers.get("authorization")).toBe("Token abc");

    const bare = clientWith({ token: () => "abc", authScheme: "" });
    await bare.client.get("/api/me");
    expect(lastCall(bare.calls).headers.get("authorization")).toBe("abc");
  });

  it("sends no Authorization header without a token, and reads the token on every request", async () => {
    let token: string | undefined;
    const { client, calls } = clientWith({ token: () => token });
    await client.get("/api/me");
    expect(lastCall(calls).headers.has("authorization")).toBe(false);
    token = "later";
    await client.get("/api/me");
    expect(lastCall(calls).headers.get("authorization")).toBe("Bearer later");
  });

  it("sends Accept-Language from the current locale", async () => {
    const { client, calls } = clientWith({ locale: () => "it-IT" });
    await client.get("/api/events");
    expect(lastCall(calls).headers.get("accept-language")).toBe("it-IT");

    const without = clientWith();
    await without.client.get("/api/events");
    expect(lastCall(without.calls).headers.has("accept-language")).toBe(false);
  });
});

describe("base URL", () => {
  it("joins paths to the base URL and keeps its base path", async () => {
    const { client, calls } = clientWith({ baseUrl: "https://example.org/site/" });
    await client.get("/api/events");
    expect(lastCall(calls).url).toBe("https://example.org/site/api/events");
    expect(resolveUrl("https://example.org", "/api/events")).toBe("https://example.org/api/events");
    expect(resolveUrl("", "/api/events")).toBe("/api/events");
    expect(resolveUrl("https://example.org", "https://other.example/x")).toBe("https://other.example/x");
  });

  it("keeps the path's query string and appends the query option", async () => {
    const { client, calls } = clientWith();
    await client.get("/api/events?page[size]=5", {
      query: { include: ["appointments", "stays"], "filter[sport]": "running", skip: undefined, none: null },
    });
    const url = lastCall(calls).url;
    expect(url.startsWith("https://example.org/api/events?page[size]=5&")).toBe(true);
    const params = new URL(url).searchParams;
    expect(params.get("page[size]")).toBe("5");
    expect(params.get("include")).toBe("appointments,stays");
    expect(params.get("filter[sport]")).toBe("running");
    expect(params.has("skip")).toBe(false);
    expect(params.has("none")).toBe(false);
    expect(resolveUrl("https://example.org", "/api/events", { page: 2 })).toBe("https://example.org/api/events?page=2");
  });
});

describe("answers", () => {
  it("returns the document, status and headers", async () => {
    const { client } = clientWith();
    const response = await client.get<typeof eventDocument>("/api/events/1");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(JSONAPI_MEDIA_TYPE);
    expect(response.document.data.attributes.title).toBe("Run");
  });

  it("takes a document handed over with its answer as it is, without reading the body", async () => {
    const handed = { data: { type: "events", id: "2", attributes: { title: "Handed over" } } };
    const { client } = clientWith({}, () =>
      handOver(new Response(null, { status: 201, headers: { "content-type": JSONAPI_MEDIA_TYPE } }), handed),
    );
    const response = await client.post("/api/events", {});
    expect(response.status).toBe(201);
    expect(response.document).toBe(handed);
    // An answer handed nothing over is read from its body, as before.
    const { client: plain } = clientWith();
    expect((await plain.get<typeof eventDocument>("/api/events/1")).document).toEqual(eventDocument);
  });

  it("returns no document for 204", async () => {
    const { client } = clientWith({}, () => new Response(null, { status: 204 }));
    const response = await client.patch("/api/signups/1", { data: { type: "signups", id: "1" } });
    expect(response.status).toBe(204);
    expect(response.document).toBeUndefined();
  });

  it("throws ApiError with the server's error objects", async () => {
    const errors = [{ status: "409", code: "sold-out", title: "Sold out", detail: "No places left." }];
    const { client } = clientWith({}, () => jsonApi({ errors }, 409));
    const error = await client.post("/api/signups", {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).errors).toEqual(errors);
    expect((error as ApiError).message).toBe("No places left.");
  });

  it("synthesises one error object for a body that is not JSON:API", async () => {
    const { client } = clientWith(
      {},
      () => new Response("<h1>Bad gateway</h1>", { status: 502, statusText: "Bad Gateway" }),
    );
    const error = await client.get("/api/events").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(502);
    expect((error as ApiError).errors).toEqual([{ status: "502", code: "http-error", title: "Bad Gateway" }]);
  });

  it("treats a successful answer that is not JSON as invalid", async () => {
    const { client } = clientWith({}, () => new Response("<html></html>", { status: 200 }));
    const error = await client.get("/api/events").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors[0]?.code).toBe("invalid-response");
  });

  it("treats a successful GET without a body as invalid, and marks it failed", async () => {
    const { client, events } = clientWith({}, () => new Response(null, { status: 204 }));
    const error = await client.get("/api/events").catch((caught: unknown) => caught);
    expect((error as ApiError).errors[0]?.code).toBe("invalid-response");
    expect(events).toEqual(["start", "end:false"]);
  });

  it("throws NetworkError when the server cannot be reached", async () => {
    const cause = new TypeError("fetch failed");
    const { client } = clientWith({}, () => {
      throw cause;
    });
    const error = await client.get("/api/events").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBe(cause);
  });
});

describe("onRequest", () => {
  it("pairs start with end(true) on success", async () => {
    const { client, events } = clientWith();
    await client.get("/api/events");
    expect(events).toEqual(["start", "end:true"]);
  });

  it("starts before fetch is called", async () => {
    const order: string[] = [];
    const client = createApiClient({
      baseUrl: "https://example.org",
      fetch: async () => {
        order.push("fetch");
        return jsonApi(eventDocument);
      },
      onRequest: () => {
        order.push("start");
        return () => order.push("end");
      },
    });
    await client.get("/api/events");
    expect(order).toEqual(["start", "fetch", "end"]);
  });

  it("ends with false on an HTTP error and on a network failure", async () => {
    const http = clientWith({}, () => jsonApi({ errors: [{ status: "500", code: "x", title: "X" }] }, 500));
    await expect(http.client.get("/api/events")).rejects.toBeInstanceOf(ApiError);
    expect(http.events).toEqual(["start", "end:false"]);

    const network = clientWith({}, () => Promise.reject(new TypeError("fetch failed")));
    await expect(network.client.get("/api/events")).rejects.toBeInstanceOf(NetworkError);
    expect(network.events).toEqual(["start", "end:false"]);
  });

  it("ends exactly once when the caller aborts, without marking a failure", async () => {
    const controller = new AbortController();
    const { client, events } = clientWith(
      {},
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    );
    const pending = client.get("/api/events", { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((caught: unknown) => caught);
    expect((error as Error).name).toBe("AbortError");
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(events).toEqual(["start", "end:true"]);
  });

  it("marks a timeout as a failure", async () => {
    const { client, events } = clientWith({}, (_url, init) => Promise.reject(init.signal?.reason));
    const signal = AbortSignal.abort(new DOMException("timed out", "TimeoutError"));
    await expect(client.get("/api/events", { signal })).rejects.toMatchObject({ name: "TimeoutError" });
    expect(events).toEqual(["start", "end:false"]);
  });
});

describe("store", () => {
  const signupDocument = {
    data: {
      type: "signups",
      id: "s1",
      attributes: { state: "held" },
      relationships: { participants: { data: [{ type: "participants", id: "p1" }] } },
    },
    included: [{ type: "participants", id: "p1", attributes: { givenName: "Ada" } }],
  };

  it("keeps every data document answered, data and included, whatever the method", async () => {
    const store = new RecordStore();
    const answers = [
      eventDocument,
      signupDocument,
      { data: { type: "signups", id: "s1", attributes: { state: "expired" } } },
    ];
    const { client } = clientWith({ store }, () => jsonApi(answers.shift()));
    await client.get("/api/events/1");
    expect(store.find("events", "1")?.attributes).toEqual({ title: "Run" });
    await client.patch("/api/signups/s1/participants", { data: [] });
    expect(store.find("participants", "p1")?.attributes).toEqual({ givenName: "Ada" });
    const { document } = await client.delete("/api/signups/s1");
    expect(document?.data).toEqual({ type: "signups", id: "s1", attributes: { state: "expired" } });
    expect(store.find("signups", "s1")?.attributes).toEqual({ state: "expired" });
  });

  it("keeps nothing from answers without data, from refusals, or when asked not to", async () => {
    const store = new RecordStore();
    const answers = [
      new Response(null, { status: 204 }),
      jsonApi({ meta: { pendingEmail: "ada@example.org" } }),
      jsonApi({ errors: [{ status: "409", code: "sold-out", title: "Sold out" }] }, 409),
      jsonApi(signupDocument),
    ];
    const { client } = clientWith({ store }, () => answers.shift() ?? jsonApi(eventDocument));
    await client.patch("/api/signups/s1", {});
    await client.patch("/api/users/me", {});
    await client.post("/api/signups", {}).catch(() => undefined);
    const { document } = await client.get("/api/users/me/participants", { keep: false });
    expect(document).toEqual(signupDocument);
    expect(store.version).toBe(0);
  });

  it("gives a client made elsewhere the same store", async () => {
    const store = new RecordStore();
    const { client } = clientWith();
    const kept = withRecordStore(client, store);
    const { document } = await kept.get<typeof eventDocument>("/api/events/1", { query: { locale: "it-IT" } });
    expect(document.data.attributes.title).toBe("Run");
    expect(store.find("events", "1")?.attributes).toEqual({ title: "Run" });
    await client.get("/api/events/2");
    expect(store.all("events")).toHaveLength(1);
  });
});

describe("ApiError.is", () => {
  it("recognises an ApiError from another copy of the module, and nothing else", () => {
    const foreign = Object.assign(new Error("No event"), { name: "ApiError", status: 404 });
    expect(ApiError.is(new ApiError(404, []))).toBe(true);
    expect(ApiError.is(foreign)).toBe(true);
    expect(ApiError.is(new Error("boom"))).toBe(false);
    expect(ApiError.is({ name: "ApiError", status: 404 })).toBe(false);
  });
});
