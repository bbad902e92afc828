import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";

/** A file sent with a mail, such as a billing document's PDF. */
export interface MailAttachment {
  /** The name the recipient sees, e.g. `invoice-F-2026-0001.pdf`. */
  filename: string;
  /** Its media type, e.g. `application/pdf`. */
  contentType: string;
  content: Uint8Array;
}

/** One e-mail to one recipient, with a plain-text and an HTML body, and any files attached. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The outbox's id of the mail, kept as its Message-ID so a repeated delivery is the same message. */
  id?: string;
  attachments?: MailAttachment[];
}

/** Sends mails: over SMTP in production, into a folder (the outbox) in development and tests. */
export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** What the outbox lists of a stored mail. */
export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  sentAt: string;
}

/** A stored mail in full: its summary, both bodies, its attachments and the RFC 822 message as written to `<id>.eml`. */
export interface OutboxMail extends OutboxEntry {
  text: string;
  html: string;
  /** Empty for a mail without attachments, and for mails stored before the outbox kept them. */
  attachments: MailAttachment[];
  eml: string;
}

/** What `<id>.json` says of an attachment; its bytes are in the file `attachmentFile` names. */
interface StoredAttachment {
  filename: string;
  contentType: string;
  size: number;
}

/** What `<id>.json` holds: the summary, both bodies and, since the outbox kept them, the attachments. */
interface StoredMail extends OutboxEntry {
  text: string;
  html: string;
  attachments?: StoredAttachment[];
}

/** Where mails go: through an SMTP relay, or into an outbox folder (development and tests). */
export type MailerOptions = {
  /** The From header, e.g. `"Sport Events" <no-reply@example.org>`. */
  from: string;
} & (
  | {
      /** `smtp://user:pass@host:587` or `smtps://…`; nodemailer's query options (`?ignoreTLS=true`) are allowed. */
      smtpUrl: string;
    }
  | {
      /** Where mails go when there is no SMTP URL; created on the first mail. */
      outboxDir: string;
    }
);

/** An outbox id: letters, digits, `-` and `_` only, so never a path separator, a dot or `..`. */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** Creates the SMTP mailer when `smtpUrl` is set, the outbox mailer otherwise. */
export function createMailer(options: MailerOptions): Mailer {
  return "smtpUrl" in options && options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from)
    : createOutboxMailer(options as { outboxDir: string; from: string });
}

/** Sends through nodemailer's SMTP transport; errors never carry the URL's credentials. */
function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const secrets = credentialsOf(checkSmtpUrl(smtpUrl));
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    kind: "smtp",
    async send(message) {
      try {
        await transport.sendMail(nodemailerMessage(message, from));
      } catch (error) {
        throw redactedError(error, secrets);
      }
    },
    close() {
      transport.close();
    },
  };
}

/**
 * The message as nodemailer takes it: an outbox id becomes the Message-ID, on the sender's domain,
 * and each attachment's bytes a Buffer.
 */
function nodemailerMessage({ id, attachments = [], ...message }: MailMessage, from: string) {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? "localhost";
  return {
    ...message,
    ...(id ? { messageId: `<${id}@${domain}>` } : {}),
    ...(attachments.length > 0
      ? {
          attachments: attachments.map(({ filename, contentType, content }) => ({
            filename,
            contentType,
            content: Buffer.from(content.buffer, content.byteOffset, content.byteLength),
          })),
        }
      : {}),
  };
}

/** Parses the SMTP URL, refusing anything but smtp:// and smtps:// without ever echoing the URL's credentials. */
function checkSmtpUrl(smtpUrl: string): URL {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error("The SMTP URL is not a valid URL");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:")
    throw new Error(`The SMTP URL must start with smtp:// or smtps://, not ${url.protocol}`);
  if (!url.hostname) throw new Error("The SMTP URL has no host");
  return url;
}

/** The password of a URL as written and decoded, the strings an error message must not contain. */
function credentialsOf(url: URL): string[] {
  if (!url.password) return [];
  return [...new Set([url.password, safeDecode(url.password)])];
}

/** decodeURIComponent that keeps the input when it is not valid percent-encoding. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A new Error with the message and code of `error`, each secret replaced by `***` (the cause is dropped on purpose). */
function redactedError(error: unknown, secrets: string[]): Error {
  const message = error instanceof Error ? error.message : String(error);
  const redacted = secrets.reduce((text, secret) => text.split(secret).join("***"), message);
  const result = new Error(`Sending mail failed: ${redacted}`);
  const code = error instanceof Error && "code" in error ? error.code : undefined;
  if (typeof code === "string") Object.assign(result, { code });
  return result;
}

/**
 * Writes each mail as `<id>.eml` (built by nodemailer's stream transport) and `<id>.json`, and each
 * attachment's bytes beside them (`<id>.1.pdf`…), so they can be opened and read back as they are.
 */
function createOutboxMailer({ outboxDir, from }: { outboxDir: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" }, { from });
  return {
    kind: "outbox",
    async send(message) {
      const info = await transport.sendMail(nodemailerMessage(message, from));
      const eml = info.message;
      if (!Buffer.isBuffer(eml)) throw new Error("nodemailer's stream transport did not build the message");
      const sentAt = nextTimestamp();
      const id = outboxId(sentAt);
      await mkdir(outboxDir, { recursive: true });
      await writeFile(join(outboxDir, `${id}.eml`), eml);
      const attachments = message.attachments ?? [];
      for (const [index, attachment] of attachments.entries())
        await writeFile(join(outboxDir, attachmentFile(id, index, attachment.filename)), attachment.content);
      const { to, subject, text, html } = message;
      const record: StoredMail = {
        id,
        to,
        subject,
        sentAt: sentAt.toISOString(),
        text,
        html,
        attachments: attachments.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          size: content.byteLength,
        })),
      };
      await writeAtomically(join(outboxDir, `${id}.json`), `${JSON.stringify(record, null, 2)}\n`);
    },
    close() {
      transport.close();
    },
  };
}

/**
 * The file of a mail's attachment: the mail's id, its place among the attachments from 1, and the
 * extension of its name when that is plain letters and digits. Never a path: the id is a safe one.
 */
function attachmentFile(id: string, index: number, filename: string): string {
  const extension = /\.([A-Za-z0-9]{1,10})$/.exec(filename)?.[1];
  return `${id}.${index + 1}${extension ? `.${extension.toLowerCase()}` : ""}`;
}

/** The last timestamp handed out by nextTimestamp, in milliseconds. */
let lastTimestamp = 0;

/** Now, but strictly later than the previous call, so ids made in one process sort in sending order. */
function nextTimestamp(): Date {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return new Date(lastTimestamp);
}

/** A file-name-safe id that sorts by time: `2026-05-01T10-20-30-123Z-1a2b3c4d`. */
function outboxId(sentAt: Date): string {
  return `${sentAt.toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}`;
}

/** Writes a file under a temporary name and renames it, so a reader never sees half of it. */
async function writeAtomically(path: string, content: string): Promise<void> {
  const temporary = `${path}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, path);
}

/** The mails in the outbox, newest first; empty when the folder does not exist. */
export async function listOutbox(outboxDir: string): Promise<OutboxEntry[]> {
  const names = await readdirIfExists(outboxDir);
  const ids = names.filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -".json".length));
  const records = await Promise.all(ids.filter(isSafeId).map((id) => readRecord(outboxDir, id)));
  return records
    .filter((record) => record !== undefined)
    .map(({ id, to, subject, sentAt }) => ({ id, to, subject, sentAt }))
    .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** One mail of the outbox with its attachments and RFC 822 text; undefined for an unknown or unsafe id. */
export async function readOutboxMail(outboxDir: string, id: string): Promise<OutboxMail | undefined> {
  if (!isSafeId(id)) return undefined;
  const record = await readRecord(outboxDir, id);
  if (!record) return undefined;
  const eml = await readFileIfExists(join(outboxDir, `${id}.eml`));
  if (eml === undefined) return undefined;
  const { attachments: stored = [], ...mail } = record;
  const attachments: MailAttachment[] = [];
  for (const [index, { filename, contentType }] of stored.entries()) {
    const content = await readBytesIfExists(join(outboxDir, attachmentFile(id, index, filename)));
    if (content === undefined) return undefined;
    attachments.push({ filename, contentType, content });
  }
  return { ...mail, attachments, eml };
}

/** Whether an id can name a file in the outbox: no path separators, no `..`, nothing hidden. */
function isSafeId(id: string): boolean {
  return SAFE_ID.test(id);
}

/** Reads and checks `<id>.json`; undefined when it is missing, unreadable or not a mail record for this id. */
async function readRecord(outboxDir: string, id: string): Promise<StoredMail | undefined> {
  const content = await readFileIfExists(join(outboxDir, `${id}.json`));
  if (content === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return undefined;
  }
  return isRecord(value) && value.id === id ? value : undefined;
}

/** Whether a parsed `<id>.json` has the fields the outbox writes (attachments only since it keeps them). */
function isRecord(value: unknown): value is StoredMail {
  if (typeof value !== "object" || value === null) return false;
  const fields: Record<string, unknown> = { ...value };
  return (
    ["id", "to", "subject", "sentAt", "text", "html"].every((key) => typeof fields[key] === "string") &&
    (fields.attachments === undefined ||
      (Array.isArray(fields.attachments) && fields.attachments.every(isStoredAttachment)))
  );
}

/** Whether an entry of a record's attachments names a file and its type. */
function isStoredAttachment(value: unknown): value is StoredAttachment {
  if (typeof value !== "object" || value === null) return false;
  const fields: Record<string, unknown> = { ...value };
  return typeof fields.filename === "string" && typeof fields.contentType === "string";
}

/** readdir that answers an empty list for a missing folder. */
async function readdirIfExists(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

/** readFile as UTF-8 that answers undefined for a missing file. */
async function readFileIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** readFile as bytes that answers undefined for a missing file. */
async function readBytesIfExists(path: string): Promise<Uint8Array | undefined> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** Whether a file-system error says the file or folder does not exist. */
function isNotFound(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ENOENT";
}
