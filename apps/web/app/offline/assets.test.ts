import { describe, expect, it } from "vitest";
import { assetsOf, assetsToLetGo } from "./assets.ts";

/** The head and scripts of a page as the server renders it, shortened. */
const PAGE = `<head><link rel="stylesheet" href="/assets/app-BX-SYEoO.css" nonce="n"/>
  <link rel="modulepreload" fetchpriority="low" href="/assets/shell.it-IT-KNh6YmIe.js" nonce="n"/>
  <link rel="modulepreload" href="/assets/root-Ab_C-12x.js"/><link rel="icon" href="/favicon.svg"/></head>
  <body><img src="/images/demo/cover.webp">
  <script nonce="n">window.__reactRouterManifest = { "entry": { "module": "/assets/entry.client-Ca6HPc_2.js",
    "imports": ["/assets/framework-DZnlMWAL.js"] }, "routes": { "home": { "module": "/assets/home-DPpqU_K7.js" } },
    "url": "/assets/manifest-a5b719d0.js" };</script>
  <script type="module" async="">; import * as route0 from "/assets/root-Ab_C-12x.js";
    import "/assets/side-effect-0a1b2c3d.js"; import("/assets/entry.client-Ca6HPc_2.js");</script></body>`;

describe("the files a kept page needs", () => {
  it("are the styles, scripts and module preloads its HTML loads, once each, not the routes its manifest describes", () => {
    expect(assetsOf(PAGE)).toEqual([
      "/assets/app-BX-SYEoO.css",
      "/assets/shell.it-IT-KNh6YmIe.js",
      "/assets/root-Ab_C-12x.js",
      "/assets/side-effect-0a1b2c3d.js",
      "/assets/entry.client-Ca6HPc_2.js",
    ]);
    expect(assetsOf("<p>nothing</p>")).toEqual([]);
  });

  it("let go of, when a new version takes over, are those no kept page loads", () => {
    const cached = ["/assets/app-BX-SYEoO.css", "/assets/home-DPpqU_K7.js", "/assets/root-Ab_C-12x.js"];
    expect(assetsToLetGo(cached, [PAGE])).toEqual(["/assets/home-DPpqU_K7.js"]);
    expect(assetsToLetGo(cached, [])).toEqual(cached);
  });
});
