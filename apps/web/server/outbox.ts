import { listOutbox, readOutboxMail } from "@sports/usecases";
import { Hono } from "hono";
import { freshNonce } from "./pages/index.ts";

/**
 * The outbox's pages (only while no SMTP_URL is set): the mails the site would have sent, newest
 * first, each readable with its links clickable, so a visitor on their own machine can follow a
 * verification or reset link, and download what came attached. A tool for whoever runs the site, in English, never indexed; on a
 * phone the list stacks each mail's time, address and subject, and long addresses and links wrap.
 */
export function outboxPages(outboxDir: string) {
  const pages = new Hono<{ Variables: { nonce?: string } }>();
  pages.use(async (c, next) => {
    // The pages' one inline style carries this answer's nonce, which the server's CSP names.
    c.set("nonce", freshNonce());
    await next();
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
  });

  pages.get("/", async (c) => {
    const mails = await listOutbox(outboxDir);
    const rows = mails
      .map(
        (mail) =>
          `<tr><td><time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(mail.sentAt.replace("T", " ").slice(0, 19))}</time></td>` +
          `<td>${escapeHtml(mail.to)}</td><td><a href="/outbox/${encodeURIComponent(mail.id)}">${escapeHtml(mail.subject)}</a></td></tr>`,
      )
      .join("");
    const body = mails.length
      ? `<table><thead><tr><th>Sent (UTC)</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
      : "<p>No mails yet. Register, or ask for a password reset, and they appear here.</p>";
    return c.html(page(c.get("nonce"), "Outbox", `<h1>Outbox</h1>${NOTE}${body}`));
  });

  pages.get("/:id", async (c) => {
    const mail = await readOutboxMail(outboxDir, c.req.param("id"));
    if (!mail) return c.html(page(c.get("nonce"), "Not found", "<h1>No such mail</h1>"), 404);
    const content = `<p><a href="/outbox">← Outbox</a></p><h1>${escapeHtml(mail.subject)}</h1>
<dl><dt>To</dt><dd>${escapeHtml(mail.to)}</dd><dt>Sent (UTC)</dt><dd>${escapeHtml(mail.sentAt)}</dd>${attachmentsList(mail.id, mail.attachments)}</dl>
<pre class="mail">${linkify(mail.text)}</pre>`;
    return c.html(page(c.get("nonce"), mail.subject, content));
  });

  // An attachment is always downloaded, never shown in the site's own origin.
  pages.get("/:id/attachments/:index", async (c) => {
    const mail = await readOutboxMail(outboxDir, c.req.param("id"));
    const attachment = mail?.attachments[Number(c.req.param("index")) - 1];
    if (!attachment) return c.html(page(c.get("nonce"), "Not found", "<h1>No such attachment</h1>"), 404);
    return c.body(new Uint8Array(attachment.content), 200, {
      "Content-Type": "application/octet-stream",
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`,
      "X-Content-Type-Options": "nosniff",
    });
  });

  return pages;
}

const NOTE =
  "<p>The site has no SMTP_URL, so its mails are kept here instead of being sent. Set SMTP_URL to send them.</p>";

function page(nonce: string | undefined, title: string, content: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${escapeHtml(nonce ?? "")}">
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #ccd}
pre.mail{white-space:pre-wrap;background:#f4f6f8;padding:1rem;border-radius:8px}dt{font-weight:600}
@media (max-width:40rem){body{margin:1rem auto}h1{font-size:1.4rem}
thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
tr,td{display:block}tr{padding:.5rem 0;border-bottom:1px solid #ccd}td{padding:0;border:0}td:first-child{color:#555;font-size:.9em}}
</style></head><body><main>${content}</main></body></html>`;
}

/** The mail's attachments as links to download them, numbered from 1; nothing for a mail without. */
function attachmentsList(id: string, attachments: readonly { filename: string; contentType: string }[]): string {
  if (attachments.length === 0) return "";
  const links = attachments.map(
    ({ filename, contentType }, index) =>
      `<dd><a href="/outbox/${encodeURIComponent(id)}/attachments/${index + 1}">${escapeHtml(filename)}</a> (${escapeHtml(contentType)})</dd>`,
  );
  return `<dt>Attachments</dt>${links.join("")}`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The mail's text, escaped, with its http(s) links made clickable. */
export function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join("");
}
