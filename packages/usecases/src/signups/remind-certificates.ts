import {
  certificateReminderCandidates,
  claimCertificateReminder,
  findSignup,
  findUserById,
  queueMail,
} from "@sports/db";
import { certificateReminderDue, localDate } from "@sports/domain";
import { localizedUrl, ROUTE_PATTERNS } from "@sports/jsonapi";
import type { Deps } from "../deps.ts";
import { certificateReminderMail } from "../mail/templates.ts";
import { mailLanguage, signupTitle, viewOf } from "./views.ts";

/**
 * Reminds the owner of each confirmed signup whose participant's certificate is still missing (or
 * was rejected) as the race comes near: once for each of the event's reminder days
 * (`certificateReminderDue`), in the owner's account language. Each reminder is claimed by a
 * conditional update of the participant's last threshold and written into the outbox in the same
 * transaction, so two processes running this at once send it once. Answers how many were written.
 */
export async function remindCertificates(deps: Pick<Deps, "db" | "now" | "siteUrl" | "mailQueued">): Promise<number> {
  let written = 0;
  for (const candidate of await certificateReminderCandidates(deps.db, deps.now)) {
    const days = certificateReminderDue({
      reminderDays: candidate.reminderDays,
      today: localDate(deps.now, candidate.timeZone),
      raceDay: localDate(candidate.startsAt, candidate.timeZone),
      lastRemindedDays: candidate.certificateRemindedDays,
    });
    if (days === null) continue;
    const [signup, owner] = await Promise.all([
      findSignup(deps.db, candidate.signupId),
      findUserById(deps.db, candidate.userId),
    ]);
    if (!signup || !owner) continue;
    const view = await viewOf(deps.db, signup);
    const locale = mailLanguage(owner);
    const sent = await deps.db.transaction(async (tx) => {
      if (!(await claimCertificateReminder(tx, candidate.participantId, days))) return false;
      const mail = certificateReminderMail({
        locale,
        name: owner.givenName,
        person: `${candidate.givenName} ${candidate.familyName}`,
        what: signupTitle(view, locale),
        days,
        // My signups, where the certificate is uploaded.
        link: localizedUrl(deps.siteUrl, locale, `/${ROUTE_PATTERNS.profile}#iscrizioni`),
      });
      await queueMail(tx, { to: owner.email, kind: "certificate-reminder", signupId: signup.id, ...mail });
      return true;
    });
    if (sent) written++;
  }
  if (written > 0) deps.mailQueued();
  return written;
}
