import {
  findMessageAppointment,
  type MessageAppointment,
  type MessageRecipient,
  messageRecipients,
  queueMail,
} from "@sports/db";
import { LOCALES, type Locale, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { participantMessageMail } from "../mail/team-mails.ts";
import { audit } from "./audit.ts";

/** A message in each language the organiser wrote it in. */
export type MessageTexts = Partial<Record<Locale, { subject: string; body: string }>>;

/**
 * The address a signup's message goes to, and its language: the owner's account (one mail per
 * signup), else, the account gone, its first participant's own address; none if neither.
 */
export function recipientOf(
  recipient: MessageRecipient,
  written: readonly Locale[],
): { to: string; name: string; locale: Locale } | undefined {
  const to = recipient.owner?.email ?? recipient.participantEmail;
  const first = written[0];
  if (!to || !first) return undefined;
  const wanted = recipient.owner?.preferredLocale;
  const locale = written.find((one) => one === wanted) ?? first;
  return { to, name: recipient.owner?.givenName ?? recipient.participantName ?? "", locale };
}

/** The languages written, in the site's order (en-US, it-IT, de-DE, fr-FR, es-ES). */
const writtenIn = (texts: MessageTexts) =>
  LOCALES.filter((locale) => Boolean(texts[locale]?.subject.trim() && texts[locale]?.body.trim()));

/** Who a message to the appointment's participants would reach (an organiser's view), before it is sent. */
export async function messageAudience(
  deps: Pick<Deps, "db">,
  actor: Parameters<typeof requireOrganiser>[0],
  input: { appointmentId: string },
): Promise<{ appointment: MessageAppointment; recipients: number }> {
  requireOrganiser(actor, "messages participants");
  const appointment = await findMessageAppointment(deps.db, input.appointmentId);
  if (!appointment) refuse("not-found", "No such appointment.");
  const recipients = await messageRecipients(deps.db, appointment.id);
  return { appointment, recipients: recipients.filter((one) => recipientOf(one, LOCALES)).length };
}

/**
 * Mails the organiser's message to every confirmed signup of the appointment, one mail per signup
 * (through the outbox, each mail tied to its signup), in the owner's language when the organiser
 * wrote it, else in the first language written. One audit line for the whole sending.
 */
export async function messageParticipants(
  deps: Pick<Deps, "db" | "now" | "mailQueued">,
  actor: Parameters<typeof requireOrganiser>[0],
  input: { appointmentId: string; texts: MessageTexts },
): Promise<{ recipients: number }> {
  requireOrganiser(actor, "messages participants");
  const written = writtenIn(input.texts);
  const halfWritten = LOCALES.filter((locale) => {
    const text = input.texts[locale];
    return text !== undefined && Boolean(text.subject.trim()) !== Boolean(text.body.trim());
  });
  if (halfWritten.length > 0)
    refuse("invalid-input", "Give both the subject and the text of each language written.", {
      problems: halfWritten.map((locale) => ({
        attribute: "texts",
        code: "half-written",
        detail: `${locale}: give both the subject and the text, or neither.`,
      })),
    });
  if (written.length === 0)
    refuse("invalid-input", "Write the subject and the text in at least one language.", {
      problems: [{ attribute: "texts", code: "required", detail: "Write the subject and the text in one language." }],
    });
  const sent = await deps.db.transaction(async (tx) => {
    const appointment = await findMessageAppointment(tx, input.appointmentId);
    if (!appointment) refuse("not-found", "No such appointment.");
    let count = 0;
    for (const recipient of await messageRecipients(tx, appointment.id)) {
      const target = recipientOf(recipient, written);
      const text = target && input.texts[target.locale];
      if (!target || !text) continue;
      const mail = participantMessageMail({ locale: target.locale, name: target.name, ...text });
      await queueMail(tx, { to: target.to, kind: "participant-message", signupId: recipient.signupId, ...mail });
      count++;
    }
    await audit(tx, deps, actor, {
      action: "participants-messaged",
      subjectType: "appointments",
      subjectId: appointment.id,
      eventId: appointment.eventId,
      after: {
        recipients: count,
        languages: written,
        subject: Object.fromEntries(written.map((locale) => [locale, input.texts[locale]?.subject])),
      },
    });
    return count;
  });
  deps.mailQueued();
  return { recipients: sent };
}
