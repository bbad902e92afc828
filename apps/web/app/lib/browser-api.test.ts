import { RecordStore } from "@sports/jsonapi";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createProgress, PROGRESS_THROTTLE_MS } from "../behaviour/progress.ts";
import { createBrowserApi } from "./browser-api.ts";
import { createStore, type SessionState } from "./stores.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const document = { data: [] };

function setUp(respond: () => Promise<Response>) {
  const seen: { url: string; headers: Headers }[] = [];
  const session = createStore<SessionState>("session", {});
  const bar = createProgress();
  const api = createBrowserApi({
    baseUrl: "https://events.example/base/",
    locale: () => "it-IT",
    session,
    progress: bar,
    fetch: (url, init) => {
      seen.push({ url, headers: new Headers(init.headers) });
      return respond();
    },
  });
  return { api, bar, seen, session };
}

const ok = () => Promise.resolve(new Response(JSON.stringify(document), { status: 200 }));

describe("the browser's API client", () => {
  it("joins the runtime base URL and sends JSON:API Accept and the page's language", async () => {
    const { api, seen } = setUp(ok);
    await api.get("/api/events", { query: { "page[size]": 3 } });
    expect(seen[0]?.url).toBe("https://events.example/base/api/events?page%5Bsize%5D=3");
    expect(seen[0]?.headers.get("accept")).toBe("application/vnd.api+json");
    expect(seen[0]?.headers.get("accept-language")).toBe("it-IT");
  });

  it("sends the session's token as a Bearer token only while there is one", async () => {
    const { api, seen, session } = setUp(ok);
    await api.get("/api/events");
    session.set({ token: "t0k3n" });
    await api.get("/api/events");
    session.reset();
    await api.get("/api/events");
    expect(seen.map((call) => call.headers.get("authorization"))).toEqual([null, "Bearer t0k3n", null]);
  });

  it("shows a slow request on the progress bar, and its failure", async () => {
    let fail: (response: Response) => void = () => {};
    const { api, bar } = setUp(
      () =>
        new Promise((resolve) => {
          fail = resolve;
        }),
    );
    const pending = api.get("/api/events").catch((error: unknown) => error);
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS);
    expect(bar.getSnapshot().visible).toBe(true);
    fail(new Response("{}", { status: 503 }));
    await pending;
    expect(bar.getSnapshot()).toMatchObject({ visible: true, failed: true });
  });

  it("ends each of several concurrent requests on its own", async () => {
    const answers: ((response: Response) => void)[] = [];
    const { api, bar } = setUp(
      () =>
        new Promise((resolve) => {
          answers.push(resolve);
        }),
    );
    const first = api.get("/api/events");
    const second = api.get("/api/pages/about").catch((error: unknown) => error);
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS);
    answers[1]?.(new Response("{}", { status: 500 }));
    await second;
    // The failure shows at once; the bar runs on while the other request is pending.
    expect(bar.getSnapshot()).toMatchObject({ visible: true, failed: true });
    expect(bar.getSnapshot().progress).toBeLessThan(1);
    answers[0]?.(new Response(JSON.stringify(document), { status: 200 }));
    await first;
    expect(bar.getSnapshot()).toMatchObject({ failed: true, progress: 1 });
  });
});

describe("the browser's API client and the record store", () => {
  it("keeps the records of every document answered in the page's store", async () => {
    const store = new RecordStore();
    const signup = {
      data: {
        type: "signups",
        id: "s1",
        attributes: { state: "held" },
        relationships: { participants: { data: [{ type: "participants", id: "p1" }] } },
      },
      included: [{ type: "participants", id: "p1", attributes: { givenName: "Ada" } }],
    };
    const api = createBrowserApi({
      baseUrl: "/",
      locale: () => "en-US",
      session: createStore<SessionState>("session", {}),
      progress: createProgress(),
      store,
      fetch: () => Promise.resolve(new Response(JSON.stringify(signup), { status: 200 })),
    });
    await api.patch("/api/signups/s1/participants", { data: [] });
    expect(store.related({ type: "signups", id: "s1" }, "participants")).toEqual([
      { type: "participants", id: "p1", attributes: { givenName: "Ada" }, relationships: {}, links: {}, meta: {} },
    ]);
  });
});
