import { type APIRequestContext, expect, test } from "@playwright/test";
import { pageErrors } from "./fixtures.ts";

/**
 * What a public page loads first (docs/decisions/034-first-load.md): its messages in its own
 * language only, and nothing of the console, the course map or the console's charts; and the
 * stylesheet alone at high priority, the scripts after it (docs/decisions/035-first-paint.md).
 */

const LOCALES = ["en-US", "it-IT", "de-DE", "fr-FR", "es-ES"];
const PAGES = [
  { path: "/", locale: "en-US" },
  { path: "/it-IT", locale: "it-IT" },
  { path: "/evento", locale: "en-US" },
  { path: "/de-DE/evento/cortina-crode-trail", locale: "de-DE" },
  { path: "/fr-FR/evento/mezza-maratona-delle-mura/appuntamento/mezza-maratona", locale: "fr-FR" },
];

/** The scripts a page's HTML names: module preloads and the imports of its inline module scripts. */
function scriptsOf(html: string): string[] {
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*? href="([^"]+)"/g)].map(
    (match) => match[1] as string,
  );
  const imports = [...html.matchAll(/import(?:\s*\*\s*as\s+\w+\s+from)?\s*\(?"(\/assets\/[^"]+\.js)"/g)].map(
    (match) => match[1] as string,
  );
  return [...new Set([...preloads, ...imports])];
}

/** The packs a script waits for (the client build's last line: `__messagePacks({ locale: url })`). */
function packsOf(code: string): Record<string, string> {
  const call = /__messagePacks\((\{[^}]*\})\)/.exec(code)?.[1];
  if (!call) return {};
  return Object.fromEntries([...call.matchAll(/"([\w-]+)":\s*["'`]([^"'`]+)["'`]/g)].map((m) => [m[1], m[2]]));
}

/** Every script a page loads before it runs: those it names, and their static imports. */
async function firstLoad(request: APIRequestContext, html: string): Promise<Map<string, string>> {
  const scripts = new Map<string, string>();
  const queue = scriptsOf(html);
  for (let next = queue.shift(); next; next = queue.shift()) {
    if (scripts.has(next)) continue;
    const response = await request.get(next);
    expect(response.status(), next).toBe(200);
    const code = await response.text();
    scripts.set(next, code);
    for (const match of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g))
      queue.push(new URL(match[1] as string, new URL(next, "http://site")).pathname);
  }
  return scripts;
}

for (const { path, locale } of PAGES) {
  test(`${path} preloads its messages in ${locale} only, and no console or map code`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    const named = new Set(scriptsOf(html));
    const scripts = await firstLoad(request, html);
    const withPacks = [...scripts.values()].map(packsOf).filter((packs) => Object.keys(packs).length > 0);
    expect(withPacks.length).toBeGreaterThan(0);
    for (const packs of withPacks) {
      expect(Object.keys(packs).sort()).toEqual([...LOCALES].sort());
      // The page's own language is preloaded, so the script does not wait a round trip for it…
      expect(named, packs[locale]).toContain(packs[locale]);
      // …and no other language comes with the page.
      for (const other of LOCALES.filter((l) => l !== locale)) expect(named).not.toContain(packs[other]);
    }
    for (const [file, code] of scripts) {
      // Leaflet (the course map) and the console's screens load on demand only.
      expect(code, file).not.toContain("leaflet-container");
      expect(code, file).not.toMatch(/["'`]console_(nav|dashboard|signups|team)_/);
    }
  });
}

for (const { path } of PAGES) {
  test(`${path} asks for its stylesheet first and its scripts at low priority, within its CSP`, async ({
    page,
    context,
  }) => {
    const errors = pageErrors(page);
    // The priority each request starts with, as Chromium's network stack gets it.
    const devtools = await context.newCDPSession(page);
    await devtools.send("Network.enable");
    const priorities = new Map<string, string>();
    devtools.on("Network.requestWillBeSent", ({ request }) => {
      const { pathname } = new URL(request.url);
      if (pathname.startsWith("/assets/")) priorities.set(pathname, request.initialPriority);
    });
    const response = await page.goto(path);
    const html = (await response?.text()) ?? "";
    const head = html.slice(0, html.indexOf("</head>"));
    const preloads = [...head.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((match) => match[0]);
    expect(preloads.length).toBeGreaterThan(0);
    for (const preload of preloads) expect(preload).toContain('fetchpriority="low"');
    const preloaded = preloads.map((preload) => /href="([^"]+)"/.exec(preload)?.[1] ?? preload);
    // The stylesheet is the head's first request, and keeps its own (highest) priority.
    const stylesheet = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"[^>]*>/.exec(head);
    expect(stylesheet?.index).toBeLessThan(head.indexOf('<link rel="modulepreload"'));
    expect(stylesheet?.[0]).not.toContain("fetchpriority");

    // The page's scripts still load and run.
    await page.waitForLoadState("networkidle");
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    expect(priorities.get(stylesheet?.[1] ?? "")).toBe("VeryHigh");
    for (const script of preloaded) expect(priorities.get(script), script).toBe("Low");
    // Nothing refused by the CSP, nothing failed.
    expect(errors).toEqual([]);
    await devtools.detach();
  });
}

test("a navigation into another language loads that language's words before showing the page", async ({
  page,
  context,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const packs: string[] = [];
  page.on("request", (request) => {
    const name = new URL(request.url()).pathname;
    if (/\.(it-IT|en-US)-[\w-]+\.js$/.test(name)) packs.push(name);
  });
  // The visitor chose Italian before: the bare home page sends them on to /it-IT.
  await context.addCookies([{ name: "locale", value: "it-IT", url: String(test.info().project.use.baseURL) }]);
  await page.goto("/evento");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Events");
  await page.waitForLoadState("networkidle");
  expect(packs.some((name) => name.includes(".it-IT-"))).toBe(false);
  // The same document all along: a navigation in the page, not a new page load.
  await page.evaluate(() => {
    (window as { stillHere?: boolean }).stillHere = true;
  });
  await page.locator("a.brand").click();
  await expect(page).toHaveURL(/\/it-IT$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gare, tornei e camp");
  await expect(page.getByRole("heading", { name: "Prossimi eventi" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "it-IT");
  expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(packs.some((name) => name.includes(".it-IT-"))).toBe(true);
  // The header, rendered before the navigation, speaks Italian too.
  await expect(page.getByRole("link", { name: "Eventi" }).first()).toBeVisible();
  expect(errors).toEqual([]);
});
