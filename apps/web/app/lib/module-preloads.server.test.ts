import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads, modulePreloadsAtLowPriority } from "./module-preloads.server.ts";

const HEAD =
  '<!DOCTYPE html><html lang="it-IT"><head><meta charSet="utf-8"/>' +
  '<link rel="stylesheet" href="/assets/app-De0gasiw.css" nonce="n0" data-precedence="site"/>' +
  '<link rel="modulepreload" href="/assets/shell.it-IT-obROPeq7.js" nonce="n0"/>' +
  "<title>Gare · Città</title>" +
  '<link rel="modulepreload" href="/assets/framework-DZnlMWAL.js" nonce="n0"/>' +
  '<link rel="modulepreload" fetchpriority="high" href="/assets/root-Dr7hVWlT.js"/></head>';
const BODY =
  '<body><p>&lt;link rel=&quot;modulepreload&quot;</p><script type="module" async="" nonce="n0">import("/assets/entry.client-Ca6HPc_2.js");</script></body></html>';

async function through(chunks: (Buffer | string)[]): Promise<{ text: string; ended: number }> {
  let ended = 0;
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(lowPriorityModulePreloads(() => ended++))) out.push(chunk);
  return { text: Buffer.concat(out).toString("utf8"), ended };
}

describe("module preloads at low priority", () => {
  it("marks every module preload of the head that names no priority, and nothing else", () => {
    const head = modulePreloadsAtLowPriority(HEAD);
    expect(head.match(/<link rel="modulepreload" fetchpriority="low" href=/g)).toHaveLength(2);
    expect(head).toContain('<link rel="modulepreload" fetchpriority="high" href="/assets/root-Dr7hVWlT.js"/>');
    expect(head).toContain(
      '<link rel="stylesheet" href="/assets/app-De0gasiw.css" nonce="n0" data-precedence="site"/>',
    );
    expect(modulePreloadsAtLowPriority(head)).toBe(head);
  });

  it("rewrites the head however the document is cut, and passes the body through untouched", async () => {
    const document = HEAD + BODY;
    const expected = modulePreloadsAtLowPriority(HEAD) + BODY;
    const bytes = Buffer.from(document);
    // Cut everywhere, through `</head>` and through the middle of "·" and "à".
    for (const size of [1, 2, 3, 7, 64, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      const { text, ended } = await through(chunks);
      expect(text, `chunks of ${size} bytes`).toBe(expected);
      expect(ended).toBe(1);
    }
    expect((await through([HEAD, BODY])).text).toBe(expected);
  });

  it("lets a document without a head out as it came", async () => {
    expect((await through(["<p>An error</p>"])).text).toBe("<p>An error</p>");
  });
});
