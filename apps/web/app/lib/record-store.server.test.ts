import { type ApiClient, createApiClient, type DataDocument } from "@sports/jsonapi";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { TEST_ORGANISER } from "../context.testing.ts";
import { recordsContext, siteContext } from "../context.ts";
import { recordsMiddleware } from "./record-store.server.ts";

/** A request's context as apps/web/server/pages/site.ts makes it, its API answering `document` once `release` is called. */
function requestContext(document: DataDocument) {
  let release = () => {};
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  const api: ApiClient = createApiClient({
    baseUrl: "http://site.internal",
    fetch: async () => {
      await answered;
      return new Response(JSON.stringify(document), { status: 200 });
    },
  });
  const context = new RouterContextProvider();
  context.set(siteContext, {
    api,
    apiFetch: () => Promise.resolve(new Response(null, { status: 204 })),
    nonce: "n",
    siteUrl: "https://events.example.org",
    defaultLocale: "en-US",
    apiBaseUrl: "/",
    organiser: TEST_ORGANISER,
    mapTiles: { url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png", attribution: "© OpenStreetMap contributors" },
  });
  return { context, release };
}

const signupOf = (id: string, givenName: string): DataDocument => ({
  data: {
    type: "signups",
    id,
    attributes: { state: "held" },
    relationships: { participants: { data: [{ type: "participants", id: `${id}-p` }] } },
  },
  included: [{ type: "participants", id: `${id}-p`, attributes: { givenName } }],
});

/** Runs the middleware for one request whose loader reads a signup; answers the request's store. */
function request(context: RouterContextProvider, id: string) {
  const args = { context, request: new Request(`https://events.example.org/${id}`) } as unknown as Parameters<
    typeof recordsMiddleware
  >[0];
  const done = recordsMiddleware(args, async () => {
    await context.get(siteContext).api.get(`/api/signups/${id}`);
    return new Response("page");
  });
  return Promise.resolve(done).then(() => context.get(recordsContext));
}

describe("the records of a request on the server", () => {
  it("are kept for that request alone: two at once never see each other's", async () => {
    const ada = requestContext(signupOf("s-ada", "Ada"));
    const grace = requestContext(signupOf("s-grace", "Grace"));
    const adaDone = request(ada.context, "s-ada");
    const graceDone = request(grace.context, "s-grace");
    // Grace's answer arrives first, while Ada's request is still waiting for its own.
    grace.release();
    const graceRecords = await graceDone;
    ada.release();
    const adaRecords = await adaDone;

    expect(adaRecords).not.toBe(graceRecords);
    expect(adaRecords.find("participants", "s-ada-p")?.attributes).toEqual({ givenName: "Ada" });
    expect(graceRecords.find("participants", "s-grace-p")?.attributes).toEqual({ givenName: "Grace" });
    expect(adaRecords.find("signups", "s-grace")).toBeUndefined();
    expect(graceRecords.find("participants", "s-ada-p")).toBeUndefined();
    expect(adaRecords.all("signups").map((signup) => signup.id)).toEqual(["s-ada"]);
  });

  it("are those the request's API client read, the rest of the site context as it was", async () => {
    const { context, release } = requestContext(signupOf("s1", "Ada"));
    const site = context.get(siteContext);
    release();
    const records = await request(context, "s1");
    expect(records.find("signups", "s1")?.attributes).toEqual({ state: "held" });
    expect(context.get(siteContext)).toMatchObject({ nonce: site.nonce, apiFetch: site.apiFetch });
    expect(context.get(siteContext).api).not.toBe(site.api);
  });
});
