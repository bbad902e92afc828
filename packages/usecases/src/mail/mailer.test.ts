import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer, type SMTPServerEnvelope, type SMTPServerOptions } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { createMailer, listOutbox, type MailMessage, readOutboxMail } from "./mailer.ts";

const FROM = '"Sport Events" <no-reply@sport-events.test>';

/** A message with a text and an HTML body. */
function message(to: string, subject: string): MailMessage {
  return { to, subject, text: `Hello ${to}\n\nhttps://sport-events.test/x`, html: `<p>Hello ${to}</p>` };
}

/** Bytes of every value, and more than one line of base64, so an attachment cannot pass as text. */
const PDF_BYTES = new Uint8Array([
  ...new TextEncoder().encode("%PDF-1.7\n"),
  ...Array.from({ length: 256 }, (_, i) => i),
]);

/** A message with a PDF attached. */
function withAttachment(to: string, subject: string): MailMessage {
  return {
    ...message(to, subject),
    attachments: [{ filename: "fattura-F-2026-0001.pdf", contentType: "application/pdf", content: PDF_BYTES }],
  };
}

/** The bytes of the attachment called `filename` in an RFC 822 message, from its base64 part. */
function attachmentIn(eml: string, filename: string): { contentType: string; content: Uint8Array } | undefined {
  const part = new RegExp(
    `Content-Type: ([^;\\r\\n]+); name=${filename}\\r\\n(?:[^\\r\\n]+\\r\\n)*?Content-Transfer-Encoding: base64\\r\\n` +
      `(?:[^\\r\\n]+\\r\\n)*\\r\\n([A-Za-z0-9+/=\\r\\n]+?)\\r\\n(?:\\r\\n)?--`,
  ).exec(eml);
  if (!part?.[1] || !part[2]) return undefined;
  return { contentType: part[1], content: new Uint8Array(Buffer.from(part[2].replace(/\r\n/g, ""), "base64")) };
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A fresh temporary folder, removed after the test. */
function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "sports-mail-"));
  folders.push(folder);
  return folder;
}

describe("the outbox mailer", () => {
  it("writes each mail as .eml and .json, lists them newest first and reads one back", async () => {
    const outboxDir = join(tempFolder(), "outbox");
    const mailer = createMailer({ outboxDir, from: FROM });
    expect(mailer.kind).toBe("outbox");
    await mailer.send(message("anna@example.org", "First mail"));
    await mailer.send(message("bruno@example.org", "Second mail"));
    mailer.close();

    const entries = await listOutbox(outboxDir);
    expect(entries.map((entry) => entry.subject)).toEqual(["Second mail", "First mail"]);
    expect(entries[0]?.to).toBe("bruno@example.org");
    for (const entry of entries) {
      expect(entry.id).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Number.isNaN(Date.parse(entry.sentAt))).toBe(false);
    }
    expect(readdirSync(outboxDir).sort()).toEqual(entries.flatMap(({ id }) => [`${id}.eml`, `${id}.json`]).sort());

    const first = entries[1];
    if (!first) throw new Error("the outbox lists two mails");
    const mail = await readOutboxMail(outboxDir, first.id);
    expect(mail).toMatchObject({
      ...first,
      text: message("anna@example.org", "").text,
      html: "<p>Hello anna@example.org</p>",
    });
    expect(mail?.eml).toMatch(/^Subject: First mail\r$/m);
    expect(mail?.eml).toMatch(/^From: "?Sport Events"? <no-reply@sport-events\.test>\r$/m);
    expect(mail?.eml).toMatch(/^To: anna@example\.org\r$/m);
    expect(mail?.eml).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(mail?.eml).toMatch(/^Content-Type: text\/plain; charset=utf-8\r$/m);
    expect(mail?.eml).toMatch(/^Content-Type: text\/html; charset=utf-8\r$/m);
  });

  it("keeps a mail's attachments beside it and reads them back byte for byte", async () => {
    const outboxDir = tempFolder();
    const mailer = createMailer({ outboxDir, from: FROM });
    await mailer.send(withAttachment("anna@example.org", "Your invoice"));
    const [entry] = await listOutbox(outboxDir);
    if (!entry) throw new Error("the outbox lists the mail");
    expect(readdirSync(outboxDir).sort()).toEqual([`${entry.id}.1.pdf`, `${entry.id}.eml`, `${entry.id}.json`]);

    const mail = await readOutboxMail(outboxDir, entry.id);
    expect(mail?.attachments).toEqual([
      { filename: "fattura-F-2026-0001.pdf", contentType: "application/pdf", content: PDF_BYTES },
    ]);
    expect(mail?.eml).toMatch(/^Content-Type: multipart\/mixed;/m);
    expect(mail?.eml).toMatch(/^Content-Disposition: attachment; filename=fattura-F-2026-0001\.pdf\r$/m);
    expect(attachmentIn(mail?.eml ?? "", "fattura-F-2026-0001.pdf")).toEqual({
      contentType: "application/pdf",
      content: PDF_BYTES,
    });
  });

  it("reads mails stored before it kept attachments, and refuses one whose attachment is gone", async () => {
    const outboxDir = tempFolder();
    const id = "2026-05-01T10-20-30-123Z-1a2b3c4d";
    const old = {
      id,
      to: "anna@example.org",
      subject: "Old",
      sentAt: "2026-05-01T10:20:30.123Z",
      text: "Hi",
      html: "<p>Hi</p>",
    };
    writeFileSync(join(outboxDir, `${id}.json`), JSON.stringify(old));
    writeFileSync(join(outboxDir, `${id}.eml`), "Subject: Old\r\n\r\nHi\r\n");
    expect(await readOutboxMail(outboxDir, id)).toEqual({ ...old, attachments: [], eml: "Subject: Old\r\n\r\nHi\r\n" });

    const mailer = createMailer({ outboxDir, from: FROM });
    await mailer.send(withAttachment("bruno@example.org", "New"));
    const newest = (await listOutbox(outboxDir))[0];
    if (!newest) throw new Error("the outbox lists the new mail");
    rmSync(join(outboxDir, `${newest.id}.1.pdf`));
    expect(await readOutboxMail(outboxDir, newest.id)).toBeUndefined();
  });

  it("names ids that sort by time even for mails sent in the same millisecond", async () => {
    const outboxDir = tempFolder();
    const mailer = createMailer({ outboxDir, from: FROM });
    const subjects = Array.from({ length: 5 }, (_, i) => `Mail ${i}`);
    for (const subject of subjects) await mailer.send(message("anna@example.org", subject));
    const listed = await listOutbox(outboxDir);
    expect(listed.map((entry) => entry.subject)).toEqual(subjects.toReversed());
  });

  it("lists nothing for a folder that does not exist", async () => {
    expect(await listOutbox(join(tempFolder(), "missing"))).toEqual([]);
  });

  it("refuses unknown ids and ids that are not a safe file name", async () => {
    const outboxDir = tempFolder();
    const mailer = createMailer({ outboxDir, from: FROM });
    await mailer.send(message("anna@example.org", "Only mail"));
    const [entry] = await listOutbox(outboxDir);
    expect(entry).toBeDefined();
    for (const id of ["../x", "..", "a/b", "a\\b", `../${entry?.id}`, `${entry?.id}/`, ".hidden", "", "no-such-mail"])
      expect(await readOutboxMail(outboxDir, id)).toBeUndefined();
  });
});

/** The message of what `run` throws. */
function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error("expected an error");
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
async function startSmtpServer(options: SMTPServerOptions = {}) {
  const received: { envelope: SMTPServerEnvelope; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    ...options,
    onData(stream, session, callback) {
      let data = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        data += chunk;
      });
      stream.on("end", () => {
        received.push({ envelope: session.envelope, data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { port, received, close };
}

describe("the SMTP mailer", () => {
  it("delivers a mail to a real SMTP server", async () => {
    const server = await startSmtpServer();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${server.port}`, outboxDir: tempFolder(), from: FROM });
    try {
      expect(mailer.kind).toBe("smtp");
      await mailer.send(message("carla@example.org", "Round trip"));
      expect(server.received).toHaveLength(1);
      const [mail] = server.received;
      expect(mail?.envelope.rcptTo.map((to) => to.address)).toEqual(["carla@example.org"]);
      expect(mail?.envelope.mailFrom).toMatchObject({ address: "no-reply@sport-events.test" });
      expect(mail?.data).toMatch(/^Subject: Round trip\r$/m);
      expect(mail?.data).toMatch(/^Content-Type: text\/html; charset=utf-8\r$/m);
    } finally {
      mailer.close();
      await server.close();
    }
  });

  it("delivers a mail's attachment to a real SMTP server, byte for byte", async () => {
    const server = await startSmtpServer();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${server.port}`, from: FROM });
    try {
      await mailer.send(withAttachment("carla@example.org", "Your invoice"));
      const [mail] = server.received;
      expect(mail?.data).toMatch(/^Content-Type: multipart\/mixed;/m);
      expect(mail?.data).toMatch(/^Content-Type: text\/plain; charset=utf-8\r$/m);
      expect(attachmentIn(mail?.data ?? "", "fattura-F-2026-0001.pdf")).toEqual({
        contentType: "application/pdf",
        content: PDF_BYTES,
      });
    } finally {
      mailer.close();
      await server.close();
    }
  });

  it("never shows the URL's password in an error", async () => {
    const server = await startSmtpServer({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(_auth, _session, callback) {
        callback(new Error("Invalid username or password"));
      },
    });
    const password = "s3cret-P4ss";
    const smtpUrl = `smtp://mailer:${password}@127.0.0.1:${server.port}`;
    const mailer = createMailer({ smtpUrl, outboxDir: tempFolder(), from: FROM });
    try {
      const error = await mailer.send(message("carla@example.org", "Refused")).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(Error);
      expect(String(error)).toContain("Invalid login");
      expect(String(error)).not.toContain(password);
      expect(JSON.stringify(error)).not.toContain(password);
      expect(server.received).toHaveLength(0);
    } finally {
      mailer.close();
      await server.close();
    }
  });

  it("refuses a URL that is not smtp:// or smtps:// without showing its password", () => {
    const password = "s3cret-P4ss";
    const refusal = (smtpUrl: string) => messageOf(() => createMailer({ smtpUrl, outboxDir: "", from: FROM }));
    expect(refusal(`http://mailer:${password}@mail.example.org`)).toBe(
      "The SMTP URL must start with smtp:// or smtps://, not http:",
    );
    expect(refusal(`smtp://mailer:${password}@`)).toBe("The SMTP URL is not a valid URL");
    expect(refusal(`mailer:${password}@mail.example.org`)).toBe(
      "The SMTP URL must start with smtp:// or smtps://, not mailer:",
    );
    expect(refusal(`smtp:mailer:${password}@mail.example.org`)).toBe("The SMTP URL has no host");
  });
});
