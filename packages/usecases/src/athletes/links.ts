import {
  athleteReminderCandidates,
  claimAthleteReminder,
  clubNameOf,
  findSignup,
  type ParticipantRecord,
  queueMail,
  setAthleteLink,
  type Transaction,
} from "@sports/db";
import {
  ATHLETE_REMINDER_DAYS,
  type AthletePart,
  athleteLinkExpiry,
  athleteReminderDue,
  type Event,
  missingParts,
} from "@sports/domain";
import { athletePath, localizedUrl } from "@sports/jsonapi";
import { hashToken, newToken } from "../accounts/secrets.ts";
import type { Deps } from "../deps.ts";
import { athleteLinkMail } from "../mail/athlete-mails.ts";
import { type SignupView, signupTitle, viewOf } from "../signups/views.ts";

/**
 * A club's athletes' own links (docs/decisions/068-club-entries.md): mailed to each athlete still
 * missing a part when their club's signup is confirmed, and again before the link lapses. Each mail
 * carries a new token, of which only the SHA-256 is kept, voiding the one before.
 */

const DAY_MS = 86_400_000;
/** The most reminders one run writes; the next run takes the rest. */
const REMINDERS_PER_RUN = 500;

/** What a participant has still to give of their own, as the event asks. */
export function partsMissing(participant: ParticipantRecord, event: Pick<Event, "medicalCertificate">): AthletePart[] {
  return missingParts({ ...participant, certificateRequired: event.medicalCertificate !== "none" });
}

/**
 * Mails each athlete of a club's signup just confirmed who has an address and a part still missing
 * their own link, in the confirmation's transaction, in the signup's language (the athletes have no
 * account to say theirs). The link is good until the signup deadline (domain `athleteLinkExpiry`).
 * Nothing for a runner's signup. Answers how many were written.
 */
export async function queueAthleteLinks(
  deps: Pick<Deps, "now" | "siteUrl">,
  tx: Transaction,
  view: SignupView,
): Promise<number> {
  const { signup, event, appointment } = view;
  if (!signup.clubId) return 0;
  const expiresAt = athleteLinkExpiry({ ...appointment, signupClosesAt: event.signupClosesAt }, deps.now);
  if (!expiresAt) return 0;
  const club = (await clubNameOf(tx, signup.clubId)) ?? "";
  let written = 0;
  for (const participant of view.participants) {
    const missing = partsMissing(participant, event);
    if (!participant.email || missing.length === 0) continue;
    const token = newToken();
    await setAthleteLink(tx, participant.id, { hash: hashToken(token), expiresAt, mailedAt: deps.now });
    await queueLinkMail(deps, tx, { view, participant, club, missing, token, expiresAt, reminder: false });
    written++;
  }
  return written;
}

/**
 * Reminds each club's athlete still missing a part, on each of the days before their link lapses
 * that `ATHLETE_REMINDER_DAYS` names, with a new link (the same lapse) that voids the one before.
 * Each reminder is claimed by a conditional update of the participant's last mail and written into
 * the outbox in the same transaction, so two processes running this at once send it once. Answers
 * how many were written.
 */
export async function remindAthletes(deps: Pick<Deps, "db" | "now" | "siteUrl" | "mailQueued">): Promise<number> {
  const candidates = await athleteReminderCandidates(deps.db, {
    now: deps.now,
    steps: ATHLETE_REMINDER_DAYS,
    limit: REMINDERS_PER_RUN,
  });
  const signups = new Map<string, Promise<{ view: SignupView; club: string } | undefined>>();
  const signupOf = (signupId: string) => {
    let found = signups.get(signupId);
    if (!found) {
      found = (async () => {
        const signup = await findSignup(deps.db, signupId);
        if (!signup?.clubId) return undefined;
        return { view: await viewOf(deps.db, signup), club: (await clubNameOf(deps.db, signup.clubId)) ?? "" };
      })();
      signups.set(signupId, found);
    }
    return found;
  };
  let written = 0;
  for (const candidate of candidates) {
    const days = athleteReminderDue({
      expiresAt: candidate.expiresAt,
      lastMailedAt: candidate.remindedAt,
      now: deps.now,
    });
    const found = days === null ? undefined : await signupOf(candidate.signupId);
    const participant = found?.view.participants.find((one) => one.id === candidate.participantId);
    if (days === null || !found || !participant) continue;
    const missing = partsMissing(participant, found.view.event);
    const since = new Date(candidate.expiresAt.getTime() - days * DAY_MS);
    const sent = await deps.db.transaction(async (tx) => {
      const token = newToken();
      const link = { hash: hashToken(token), since, mailedAt: deps.now };
      if (!(await claimAthleteReminder(tx, participant.id, link))) return false;
      await queueLinkMail(deps, tx, {
        ...found,
        participant,
        missing,
        token,
        expiresAt: candidate.expiresAt,
        reminder: true,
      });
      return true;
    });
    if (sent) written++;
  }
  if (written > 0) deps.mailQueued();
  return written;
}

/** Writes an athlete's link mail into the outbox, in the signup's language. */
export async function queueLinkMail(
  deps: Pick<Deps, "siteUrl">,
  tx: Transaction,
  input: {
    view: SignupView;
    participant: ParticipantRecord;
    club: string;
    missing: AthletePart[];
    token: string;
    expiresAt: Date;
    reminder: boolean;
  },
): Promise<void> {
  const { view, participant } = input;
  const locale = view.signup.locale;
  const mail = athleteLinkMail({
    locale,
    name: participant.givenName,
    club: input.club,
    what: signupTitle(view, locale),
    startsAt: view.appointment.startsAt,
    timeZone: view.event.timeZone,
    missing: input.missing,
    until: input.expiresAt,
    link: localizedUrl(deps.siteUrl, locale, athletePath(input.token)),
    reminder: input.reminder,
  });
  // Not listed with the signup's mails (signupId): a copy sent again would carry a voided link.
  await queueMail(tx, {
    to: participant.email ?? "",
    kind: input.reminder ? "athlete-reminder" : "athlete-link",
    ...mail,
  });
}
