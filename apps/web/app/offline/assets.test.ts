import { describe, expect, it } from "vitest";
import { assetsOf } from "./assets.ts";

describe("the files a kept page needs", () => {
  it("are the hashed scripts and styles its HTML names, once each", () => {
    const html = `<head><link rel="modulepreload" href="/assets/manifest-0a1b2c3d.js"/>
      <link rel="stylesheet" href="/assets/root-BytMrrLi.css"/><link rel="icon" href="/favicon.svg"/></head>
      <body><script type="module">import "/assets/manifest-0a1b2c3d.js"; import * as route0 from "/assets/root-Ab_C-12x.js";</script>
      <img src="/images/demo/cover.webp"></body>`;
    expect(assetsOf(html)).toEqual([
      "/assets/manifest-0a1b2c3d.js",
      "/assets/root-BytMrrLi.css",
      "/assets/root-Ab_C-12x.js",
    ]);
    expect(assetsOf("<p>nothing</p>")).toEqual([]);
  });
});
