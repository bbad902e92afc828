import { claimMails, type Database, MAIL_ATTEMPTS, markMailFailed, markMailSent } from "@sports/db";
import { attachmentsOf } from "../billing/document-attachment.ts";
import type { Mailer } from "./mailer.ts";

export interface MailDeliveryLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailDelivery {
  /** Sends what is due in the outbox now; resolves with how many mails went out. */
  deliver(): Promise<number>;
  /** Starts a delivery soon without waiting for it: call after committing a change that wrote a mail. */
  nudge(): void;
}

/** How long a claimed mail is reserved for its sender: a process that died lets it go after this. */
const CLAIM_MS = 2 * 60_000;

/** After the n-th failed attempt, the mail waits n² × 30 s (at most an hour) before the next. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, attempts * attempts * 30_000);
}

/**
 * Delivers the mails of the outbox (`outgoing_mails`) through the mailer. Each batch is claimed
 * with `skip locked`, so processes delivering together never send one mail twice; a mail is marked
 * sent as soon as the relay took it. A mail keeps its id as Message-ID, so in the one case that can
 * repeat it (a process killed after the relay took it and before it was marked), the receiving side
 * sees the same message again. A mail that names a billing document carries its PDF, drawn as it is
 * sent; when the document cannot be had the attempt fails and is tried again like a refused send.
 */
export function createMailDelivery(options: {
  db: Database;
  mailer: Mailer;
  now?: () => Date;
  logger?: MailDeliveryLogger;
}): MailDelivery {
  const now = options.now ?? (() => new Date());
  let running: Promise<number> | undefined;
  let again = false;

  const deliverOnce = async () => {
    let sent = 0;
    for (;;) {
      const mails = await claimMails(options.db, { now: now(), claimMs: CLAIM_MS, limit: 20 });
      for (const mail of mails) {
        try {
          await options.mailer.send({
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            id: mail.id,
            attachments: await attachmentsOf(options.db, mail),
          });
          await markMailSent(options.db, mail.id, now());
          sent++;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          await markMailFailed(options.db, mail.id, message, new Date(now().getTime() + retryDelayMs(mail.attempts)));
          const last = mail.attempts >= MAIL_ATTEMPTS;
          options.logger?.error(
            { err: error, mail: mail.id, kind: mail.kind, attempts: mail.attempts },
            last ? "mail not sent after its last attempt" : "mail not sent; it will be tried again",
          );
        }
      }
      if (mails.length < 20) return sent;
    }
  };

  const deliver = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          total += await deliverOnce();
        } while (again);
      } finally {
        running = undefined;
      }
      if (total > 0) options.logger?.info({ sent: total }, "mails sent");
      return total;
    })();
    return running;
  };

  return {
    deliver,
    nudge() {
      deliver().catch((error: unknown) =>
        options.logger?.error({ err: error }, "mail delivery failed; the next run tries again"),
      );
    },
  };
}
