import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PRIVATE_CACHE_CONTROL } from "./cache-policy.ts";
import { KeptPages, type KeptPagesOptions, PAGE_CACHE_HEADER, type PageFrame, type Render } from "./kept-pages.ts";

/** The kept pages, answering each request with a Response: the kept page's, or the render's own. */
function createPageCache(options: KeptPagesOptions) {
  const kept = new KeptPages(options);
  return {
    answer: async (request: Request, nonce: string, render: Render) => {
      const answer = await kept.answer(request, nonce, render, AROUND);
      return "kept" in answer ? answer.kept : answer.rendered;
    },
    clear: () => kept.clear(),
    get size() {
      return kept.size;
    },
    get bytes() {
      return kept.bytes;
    },
  };
}
/** The headers around every page's answer, as the entrance gives them. */
const AROUND = { "x-frame-options": "SAMEORIGIN" };

const URL_LIST = "http://site.test/evento";

/** A renderer counting its calls, answering a page that names the nonce it was given. */
function renderer(answer: (nonce: string, call: number) => Response = pageWith) {
  const calls: string[] = [];
  const render: Render = async (request, nonce) => {
    calls.push(new URL(request.url).pathname);
    return answer(nonce, calls.length);
  };
  return { calls, render };
}

function pageWith(nonce: string, call = 1, headers: Record<string, string> = {}) {
  return new Response(`<script nonce="${nonce}">go()</script><p>render ${call}</p><style nonce="${nonce}"></style>`, {
    headers: { "content-type": "text/html; charset=utf-8", "content-language": "it-IT", ...headers },
  });
}

const get = (url = URL_LIST, headers: Record<string, string> = {}) => new Request(url, { headers });

describe("the rendered-page cache", () => {
  it("renders a page once and answers it again with each visitor's own nonce", async () => {
    const cache = createPageCache({ ttlMs: 5_000 });
    const { calls, render } = renderer();
    const first = await cache.answer(get(), "nonce-A1", render);
    const second = await cache.answer(get(), "nonce-B2", render);
    expect(calls).toEqual(["/evento"]);
    expect(first.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(second.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(second.headers.get("content-language")).toBe("it-IT");
    expect(second.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(await first.text()).toBe(
      '<script nonce="nonce-A1">go()</script><p>render 1</p><style nonce="nonce-A1"></style>',
    );
    expect(await second.text()).toBe(
      '<script nonce="nonce-B2">go()</script><p>render 1</p><style nonce="nonce-B2"></style>',
    );
  });

  it("keeps text beyond ASCII intact around the nonce", async () => {
    const cache = createPageCache({ ttlMs: 5_000 });
    const { render } = renderer(
      (nonce) =>
        new Response(`<script nonce="${nonce}"></script><p>Più posti · 3 – “ok” 🏃</p>`, {
          headers: { "content-type": "text/html" },
        }),
    );
    await cache.answer(get(), "nonce-A1", render);
    const kept = await cache.answer(get(), "nonce-B2", render);
    expect(await kept.text()).toBe('<script nonce="nonce-B2"></script><p>Più posti · 3 – “ok” 🏃</p>');
  });

  it("answers in gzip whoever takes it, each answer with its own nonce, without compressing it again", async () => {
    const cache = createPageCache({ ttlMs: 5_000 });
    // Nonces at the very start and end, side by side, and of another length than the rendering one.
    const html = (nonce: string) =>
      `${nonce}<script nonce="${nonce}">Più · “ok”</script>${nonce}${nonce}${"<p>x</p>".repeat(500)}${nonce}`;
    const { calls, render } = renderer(
      (nonce) => new Response(html(nonce), { headers: { "content-type": "text/html" } }),
    );
    const gzip = { "accept-encoding": "gzip, deflate, br, zstd" };
    const first = await cache.answer(get(URL_LIST, gzip), "nonce-A1", render);
    const second = await cache.answer(get(URL_LIST, gzip), "nonce-B2", render);
    const third = await cache.answer(get(URL_LIST, gzip), "n3", render);
    const plain = await cache.answer(get(URL_LIST, { "accept-encoding": "gzip;q=0, identity" }), "nonce-C3", render);
    expect(calls).toHaveLength(1);
    for (const [answer, nonce] of [
      [first, "nonce-A1"],
      [second, "nonce-B2"],
      [third, "n3"],
    ] as const) {
      expect(answer.headers.get("content-encoding")).toBe("gzip");
      expect(gunzipSync(Buffer.from(await answer.arrayBuffer())).toString()).toBe(html(nonce));
    }
    expect(plain.headers.has("content-encoding")).toBe(false);
    expect(await plain.text()).toBe(html("nonce-C3"));
  });

  it("keeps pages apart by URL, query included", async () => {
    const cache = createPageCache({ ttlMs: 5_000 });
    const { calls, render } = renderer();
    for (const url of [URL_LIST, `${URL_LIST}?sport=running`, URL_LIST, `${URL_LIST}?sport=running`])
      await cache.answer(get(url), "n", render);
    expect(calls).toHaveLength(2);
    expect(cache.size).toBe(2);
  });

  it("renders again once a page lapses", async () => {
    let now = 0;
    const cache = createPageCache({ ttlMs: 5_000, clock: () => now });
    const { calls, render } = renderer();
    await cache.answer(get(), "n", render);
    now = 4_999;
    await cache.answer(get(), "n", render);
    now = 5_000;
    const lapsed = await cache.answer(get(), "n", render);
    expect(calls).toHaveLength(2);
    expect(await lapsed.text()).toContain("render 2");
  });

  it("says how old a kept page is, so a CDN's copy lapses with it", async () => {
    let now = 0;
    const cache = createPageCache({ ttlMs: 5_000, clock: () => now });
    const { render } = renderer();
    expect((await cache.answer(get(), "n", render)).headers.has("age")).toBe(false);
    now = 2_600;
    expect((await cache.answer(get(), "n", render)).headers.get("age")).toBe("2");
  });

  it("drops every page on clear, and does not keep a render that began before it", async () => {
    const cache = createPageCache({ ttlMs: 5_000 });
    const { calls, render } = renderer();
    await cache.answer(get(), "n", render);
    cache.clear();
    expect(cache.size).toBe(0);
    let release: () => void = () => {};
    const slow: Render = async (request, nonce) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return render(request, nonce);
    };
    const during = cache.answer(get(), "n", slow);
    await Promise.resolve();
    cache.clear();
    release();
    expect(await (await during).text()).toContain("render 2");
    expect(cache.size).toBe(0);
    await cache.answer(get(), "n", render);
    expect(calls).toHaveLength(3);
  });

  it("shares one render among visitors asking for the same page meanwhile", async () => {
    const cache = createPageCache({ ttlMs: 5_000 });
    const { calls, render } = renderer();
    const answers = await Promise.all(["n1", "n2", "n3"].map((nonce) => cache.answer(get(), nonce, render)));
    expect(calls).toHaveLength(1);
    expect(answers.map((a) => a.headers.get(PAGE_CACHE_HEADER))).toEqual(["miss", "shared", "shared"]);
    expect(await answers[2]?.text()).toContain('nonce="n3"');
  });

  it("keeps only plain 200 HTML pages that allow it, and renders the others for every visitor", async () => {
    const answers: Response[] = [
      new Response("missing", { status: 404, headers: { "content-type": "text/html" } }),
      new Response(null, { status: 302, headers: { location: "/it-IT" } }),
      new Response("{}", { headers: { "content-type": "application/json" } }),
      pageWith("n", 1, { "set-cookie": "session=abc" }),
      pageWith("n", 1, { "cache-control": "no-store" }),
      pageWith("n", 1, { "cache-control": "private, max-age=60" }),
    ];
    for (const answer of answers) {
      const cache = createPageCache({ ttlMs: 5_000 });
      const { calls, render } = renderer(() => answer.clone());
      const [first, second] = await Promise.all([cache.answer(get(), "n", render), cache.answer(get(), "n", render)]);
      expect(first.status).toBe(answer.status);
      expect(second.status).toBe(answer.status);
      expect(first.headers.has(PAGE_CACHE_HEADER)).toBe(false);
      expect(calls).toHaveLength(2);
      expect(cache.size).toBe(0);
    }
  });

  it("lets the waiting visitors render for themselves when the shared render fails", async () => {
    const cache = createPageCache({ ttlMs: 5_000 });
    let calls = 0;
    const render: Render = async (_request, nonce) => {
      calls++;
      if (calls === 1) throw new Error("database gone");
      return pageWith(nonce, calls);
    };
    const [first, second] = await Promise.allSettled([
      cache.answer(get(), "n1", render),
      cache.answer(get(), "n2", render),
    ]);
    expect(first.status).toBe("rejected");
    expect(second.status === "fulfilled" && second.value.status).toBe(200);
  });

  it("drops the least recently used pages beyond its size", async () => {
    const sizing = createPageCache({ ttlMs: 5_000 });
    await sizing.answer(get(), "n", renderer().render);
    const cache = createPageCache({ ttlMs: 5_000, maxBytes: Math.floor(sizing.bytes * 2.5) });
    const { calls, render } = renderer();
    await cache.answer(get(`${URL_LIST}?a`), "n", render);
    await cache.answer(get(`${URL_LIST}?b`), "n", render);
    await cache.answer(get(`${URL_LIST}?a`), "n", render); // a is now the most recently used
    await cache.answer(get(`${URL_LIST}?c`), "n", render); // b goes
    expect(cache.size).toBe(2);
    await cache.answer(get(`${URL_LIST}?a`), "n", render);
    await cache.answer(get(`${URL_LIST}?b`), "n", render);
    expect(calls).toHaveLength(4);
  });
});

describe("pages kept for every visitor, the frame filled in for each (PageFrame)", () => {
  /** A page with a frame: the account corner, the notices, and the nonce in a script. */
  const framedPage = (nonce: string, visitor = "") =>
    `<html><head><script nonce="${nonce}">go()</script></head><body>` +
    `${visitor ? `<b>${visitor}</b>` : '<a class="login">Log in</a>'}<div class="notices"></div>` +
    `<main>Più posti · ${"<p>race</p>".repeat(300)}</main></body></html>`;

  /** A frame whose visitors are named by their `Authorization` header; only /evento pages are shared. */
  function frame(overrides: Partial<PageFrame<string>> = {}) {
    const asked: string[] = [];
    const pageFrame: PageFrame<string> = {
      sameForEveryVisitor: (url) => url.pathname.startsWith("/evento"),
      visitorOf: async (request) => {
        const name = request.headers.get("authorization");
        asked.push(name ?? "");
        return name === "ended" ? null : name;
      },
      parts: async (visitor) => ({
        places: [visitor ? `<b>${visitor}</b>` : '<a class="login">Log in</a>', '<div class="notices"></div>'],
        head: visitor ? `<script type="application/json">"${visitor}"</script>` : "",
      }),
      ...overrides,
    };
    return { asked, pageFrame };
  }

  function framedRenderer() {
    const rendered: { credentials: boolean }[] = [];
    const render: Render = async (request, nonce) => {
      rendered.push({ credentials: request.headers.has("authorization") || request.headers.has("cookie") });
      const visitor = request.headers.get("authorization") ?? "";
      return new Response(framedPage(nonce, visitor), { headers: { "content-type": "text/html" } });
    };
    return { rendered, render };
  }

  const as = (visitor: string, extra: Record<string, string> = {}) =>
    get(URL_LIST, { authorization: visitor, cookie: "session=x", ...extra });

  it("renders the page as an anonymous visitor gets it, keeps it, and fills the frame in for each visitor", async () => {
    const { pageFrame } = frame();
    const cache = createPageCache({ ttlMs: 5_000, frame: pageFrame as PageFrame<unknown> });
    const { rendered, render } = framedRenderer();
    const ada = await cache.answer(as("Ada"), "nonce-A", render);
    const bea = await cache.answer(as("Bea"), "nonce-B", render);
    const anyone = await cache.answer(get(), "nonce-C", render);
    expect(rendered).toEqual([{ credentials: false }]);
    expect([ada, bea, anyone].map((a) => a.headers.get(PAGE_CACHE_HEADER))).toEqual(["miss", "hit", "hit"]);
    expect(ada.headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
    const withHead = (html: string, head: string) => html.replace("</head>", `${head}</head>`);
    expect(await ada.text()).toBe(
      withHead(framedPage("nonce-A", "Ada"), '<script type="application/json">"Ada"</script>'),
    );
    expect(await bea.text()).toBe(
      withHead(framedPage("nonce-B", "Bea"), '<script type="application/json">"Bea"</script>'),
    );
    expect(await anyone.text()).toBe(framedPage("nonce-C"));
  });

  it("fills the frame in gzip too, a part longer than a stored block included", async () => {
    const long = "Ö".repeat(40_000);
    const { pageFrame } = frame();
    const cache = createPageCache({ ttlMs: 5_000, frame: pageFrame as PageFrame<unknown> });
    const { render } = framedRenderer();
    await cache.answer(get(), "n0", render);
    for (const visitor of ["Ada", long, "ended"]) {
      const answer = await cache.answer(as(visitor, { "accept-encoding": "gzip" }), "nonce-Z", render);
      expect(answer.headers.get("content-encoding")).toBe("gzip");
      const html = gunzipSync(Buffer.from(await answer.arrayBuffer())).toString();
      if (visitor === "ended") expect(html).toBe(framedPage("nonce-Z"));
      else expect(html).toContain(`<b>${visitor}</b><div class="notices"></div>`);
    }
  });

  it("finds a visitor's frame once per kept page, and anew for a changed visitor or a page rendered again", async () => {
    // As server/pages/visitors.ts does: the same object for a session until its account changes.
    const visitors = new Map([["Ada", { name: "Ada" }]]);
    const found: string[] = [];
    let now = 0;
    const pageFrame: PageFrame<{ name: string }> = {
      sameForEveryVisitor: (url) => url.pathname.startsWith("/evento"),
      visitorOf: async (request) => visitors.get(request.headers.get("authorization") ?? "") ?? null,
      parts: async (visitor, url) => {
        if (visitor) found.push(`${visitor.name} ${url.pathname}`);
        return {
          places: [visitor ? `<b>${visitor.name}</b>` : '<a class="login">Log in</a>', '<div class="notices"></div>'],
          head: "",
        };
      },
    };
    const cache = createPageCache({ ttlMs: 5_000, clock: () => now, frame: pageFrame as PageFrame<unknown> });
    const { render } = framedRenderer();
    const names = async (url = URL_LIST) =>
      /<b>(.*?)<\/b>/.exec(await (await cache.answer(get(url, { authorization: "Ada" }), "n", render)).text())?.[1];

    expect([await names(), await names(), await names()]).toEqual(["Ada", "Ada", "Ada"]);
    expect(found).toEqual(["Ada /evento"]);
    expect(await names(`${URL_LIST}/gara`)).toBe("Ada");
    expect(found).toEqual(["Ada /evento", "Ada /evento/gara"]);

    visitors.set("Ada", { name: "Adele" }); // her account changed: she is someone new
    expect(await names()).toBe("Adele");
    now = 6_000; // the page lapses and is rendered again
    expect(await names()).toBe("Adele");
    expect(found).toEqual(["Ada /evento", "Ada /evento/gara", "Adele /evento", "Adele /evento"]);
  });

  it("renders for the visitor a page not shared, a page whose frame it cannot find, and one not kept", async () => {
    const { asked, pageFrame } = frame();
    const cache = createPageCache({ ttlMs: 5_000, frame: pageFrame as PageFrame<unknown> });
    const { rendered, render } = framedRenderer();
    const own = await cache.answer(get("http://site.test/modificaDati", { authorization: "Ada" }), "n", render);
    expect(own.headers.has(PAGE_CACHE_HEADER)).toBe(false);
    expect(rendered).toEqual([{ credentials: true }]);
    expect(asked).toEqual([]);

    // The anonymous frame is not in the page (here: twice): kept for anonymous visitors only.
    const twice: Render = async (_request, nonce) =>
      new Response(framedPage(nonce).replace("<main>", '<main><a class="login">Log in</a>'), {
        headers: { "content-type": "text/html" },
      });
    const doubled = createPageCache({ ttlMs: 5_000, frame: pageFrame as PageFrame<unknown> });
    const theirs = await doubled.answer(as("Ada"), "n", async (request, nonce) =>
      request.headers.has("authorization") ? render(request, nonce) : twice(request, nonce),
    );
    expect(theirs.headers.has(PAGE_CACHE_HEADER)).toBe(false);
    expect(await theirs.text()).toContain("<b>Ada</b>");
    expect(doubled.size).toBe(1);

    // A not-found page is never kept: the visitor gets their own.
    const missing = createPageCache({ ttlMs: 5_000, frame: pageFrame as PageFrame<unknown> });
    const notFound = await missing.answer(
      as("Ada"),
      "n",
      async (request) => new Response(request.headers.has("authorization") ? "Ada's 404" : "404", { status: 404 }),
    );
    expect(notFound.status).toBe(404);
    expect(await notFound.text()).toBe("Ada's 404");
  });
});
