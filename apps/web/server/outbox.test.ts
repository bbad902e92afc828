import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMailer } from "@sports/usecases";
import { describe, expect, it } from "vitest";
import { linkify, outboxPages } from "./outbox.ts";

describe("the outbox pages", () => {
  it("list the stored mails, newest first, and show one with its links clickable", async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), "sports-events-outbox-pages-"));
    const mailer = createMailer({ outboxDir, from: "Sport Events <no-reply@sports.test>" });
    await mailer.send({
      to: "ada@example.org",
      subject: "Reset your password",
      text: "Open http://127.0.0.1:3000/en-US/resetPassword?token=abc_DEF-123 within an hour.",
      html: "<p>…</p>",
    });
    await mailer.send({ to: "bob@example.org", subject: "<b>Confirm</b>", text: "Hello", html: "<p>Hello</p>" });
    const pages = outboxPages(outboxDir);

    const list = await pages.request("/");
    expect(list.headers.get("cache-control")).toBe("no-store");
    expect(list.headers.get("x-robots-tag")).toBe("noindex");
    const html = await list.text();
    expect(html.indexOf("bob@example.org")).toBeLessThan(html.indexOf("ada@example.org"));
    expect(html).toContain("&#60;b&#62;Confirm&#60;/b&#62;");
    const id = /href="\/outbox\/([\w-]+)">Reset your password/.exec(html)?.[1];
    expect(id).toBeDefined();

    const mail = await (await pages.request(`/${id}`)).text();
    expect(mail).toContain(
      '<a href="http://127.0.0.1:3000/en-US/resetPassword?token=abc_DEF-123">http://127.0.0.1:3000/en-US/resetPassword?token=abc_DEF-123</a>',
    );
    expect((await pages.request("/..%2F..%2Fetc%2Fpasswd")).status).toBe(404);
  });

  it("list a mail's attachments and hand each out as a download", async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), "sports-events-outbox-pages-"));
    const mailer = createMailer({ outboxDir, from: "Sport Events <no-reply@sports.test>" });
    const content = new TextEncoder().encode("%PDF-1.7 <script>alert(1)</script>");
    await mailer.send({
      to: "ada@example.org",
      subject: "Your invoice",
      text: "Attached.",
      html: "<p>Attached.</p>",
      attachments: [{ filename: "fattura F-2026-1.pdf", contentType: "application/pdf", content }],
    });
    const pages = outboxPages(outboxDir);
    const id = /href="\/outbox\/([\w-]+)">Your invoice/.exec(await (await pages.request("/")).text())?.[1];
    expect(id).toBeDefined();

    expect(await (await pages.request(`/${id}`)).text()).toContain(
      `<dt>Attachments</dt><dd><a href="/outbox/${id}/attachments/1">fattura F-2026-1.pdf</a> (application/pdf)</dd>`,
    );
    const download = await pages.request(`/${id}/attachments/1`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/octet-stream");
    expect(download.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''fattura%20F-2026-1.pdf");
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(content);
    for (const index of ["0", "2", "x"]) expect((await pages.request(`/${id}/attachments/${index}`)).status).toBe(404);
  });

  it("read on a phone: sized to the screen, long addresses and links wrapped, each mail of the list stacked", async () => {
    const pages = outboxPages(mkdtempSync(join(tmpdir(), "sports-events-outbox-pages-")));
    const html = await (await pages.request("/")).text();
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    const style = /<style[^>]*>([^<]*)<\/style>/.exec(html)?.[1] ?? "";
    expect(style).toMatch(/body\{[^}]*overflow-wrap:anywhere/);
    expect(style).toMatch(/@media \(max-width:40rem\)\{[^@]*tr,td\{display:block\}/);
  });

  it("escape a mail's text around its links", () => {
    expect(linkify('<script>x</script> see https://a.example/?q="1" & more')).toBe(
      '&#60;script&#62;x&#60;/script&#62; see <a href="https://a.example/?q=">https://a.example/?q=</a>&#34;1&#34; &#38; more',
    );
  });
});
