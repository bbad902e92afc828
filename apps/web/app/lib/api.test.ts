import { type ApiClient, ApiError } from "@sports/jsonapi";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { languageContext, siteContext } from "../context.ts";
import { readApi } from "./api.ts";

/** A context whose API answers every read with `status`, as the API does for such a request. */
function contextAnswering(status: number) {
  const refuse = () => Promise.reject(new ApiError(status, [{ status: String(status), code: "x", title: "" }]));
  const api = { get: refuse, post: refuse, patch: refuse, delete: refuse } as ApiClient;
  const context = new RouterContextProvider();
  context.set(siteContext, { api, nonce: "n", defaultLocale: "en-US", apiBaseUrl: "/" });
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
