import { type ApiClient, ApiError } from "@sports/jsonapi";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { TEST_ORGANISER } from "../context.testing.ts";
import { languageContext, siteContext } from "../context.ts";
import { readApi, refusalAnswer, uploadFile } from "./api.ts";

/** A context whose API answers every read with `status`, as the API does for such a request. */
function contextAnswering(status: number) {
  const refuse = () => Promise.reject(new ApiError(status, [{ status: String(status), code: "x", title: "" }]));
  const api = { get: refuse, post: refuse, patch: refuse, delete: refuse } as ApiClient;
  const context = new RouterContextProvider();
  const apiFetch = () => Promise.resolve(new Response(null, { status }));
  context.set(siteContext, {
    api,
    apiFetch,
    nonce: "n",
    siteUrl: "https://events.example.org",
    defaultLocale: "en-US",
    apiBaseUrl: "/",
    organiser: TEST_ORGANISER,
    mapTiles: { url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", attribution: "© OpenStreetMap contributors" },
  });
  context.set(languageContext, { locale: "it-IT", prefix: "/it-IT" });
  return context;
}

async function thrownBy(read: Promise<unknown>): Promise<unknown> {
  try {
    await read;
  } catch (thrown) {
    return thrown;
  }
  throw new Error("the read did not fail");
}

describe("a loader's API read", () => {
  it("turns someone else's record (403) into the not-authorised page, in the page's language", async () => {
    const thrown = await thrownBy(readApi(contextAnswering(403), "/api/signups/1"));
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe("/it-IT/noAuth");
  });

  it("turns a missing record into the 404 page and lets other failures reach the error page", async () => {
    const missing = await thrownBy(readApi(contextAnswering(404), "/api/events/x"));
    expect(missing).toMatchObject({ init: { status: 404 } });
    expect(ApiError.is(await thrownBy(readApi(contextAnswering(500), "/api/events")))).toBe(true);
  });
});

describe("a refusal an action's form cannot show", () => {
  const refusal = (status: number) => new ApiError(status, [{ status: String(status), code: "x", title: "" }]);

  it("is the error page of its status, or the not-authorised page for a 403, never the 500", () => {
    expect(refusalAnswer(refusal(413), "/it-IT")).toMatchObject({ init: { status: 413 } });
    expect(refusalAnswer(refusal(404), "")).toMatchObject({ init: { status: 404 } });
    const forbidden = refusalAnswer(refusal(403), "/it-IT") as Response;
    expect(forbidden.status).toBe(302);
    expect(forbidden.headers.get("location")).toBe("/it-IT/noAuth");
  });

  it("leaves the API's own failures, and what is no refusal, as they are", () => {
    const failed = refusal(503);
    expect(refusalAnswer(failed, "")).toBe(failed);
    const bug = new TypeError("x");
    expect(refusalAnswer(bug, "")).toBe(bug);
  });
});

describe("a file sent to the API", () => {
  function contextFetching(answer: Response, seen: Request[]) {
    const context = new RouterContextProvider();
    const apiFetch = (path: string, init: RequestInit) => {
      seen.push(new Request(`http://site.internal${path}`, init));
      return Promise.resolve(answer);
    };
    context.set(siteContext, {
      api: {} as ApiClient,
      apiFetch,
      nonce: "n",
      siteUrl: "https://events.example.org",
      defaultLocale: "en-US",
      apiBaseUrl: "/",
      organiser: TEST_ORGANISER,
      mapTiles: { url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", attribution: "© OpenStreetMap contributors" },
    });
    return context;
  }
  const file = new File(["%PDF-1.4"], "certificato medico è.pdf", { type: "application/pdf" });

  it("travels as the raw body with its type and name, and answers the created document", async () => {
    const seen: Request[] = [];
    const created = { data: { type: "certificates", id: "c1", attributes: { fileName: "x.pdf" } } };
    const document = await uploadFile(
      contextFetching(new Response(JSON.stringify(created), { status: 201 }), seen),
      "/api/signups/s1/certificates",
      file,
    );
    expect(document).toEqual(created);
    const [request] = seen;
    expect(request?.method).toBe("POST");
    expect(request?.headers.get("content-type")).toBe("application/pdf");
    expect(request?.headers.get("content-disposition")).toBe(
      `attachment; filename="certificato medico _.pdf"; filename*=UTF-8''certificato%20medico%20%C3%A8.pdf`,
    );
    expect(await request?.text()).toBe("%PDF-1.4");
  });

  it("turns a refusal into an ApiError with the API's codes", async () => {
    const refusal = { errors: [{ status: "415", code: "unsupported-media-type", title: "Unsupported media type" }] };
    const thrown = await thrownBy(
      uploadFile(contextFetching(new Response(JSON.stringify(refusal), { status: 415 }), []), "/api/x", file),
    );
    expect(ApiError.is(thrown) && thrown.status === 415 && thrown.errors[0]?.code).toBe("unsupported-media-type");
    const proxy = await thrownBy(uploadFile(contextFetching(new Response("<html>", { status: 413 }), []), "/x", file));
    expect(ApiError.is(proxy) && proxy.status).toBe(413);
  });
});
