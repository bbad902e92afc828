import { consoleParticipant, findSignup, findUserById, isUuid, queueMail, setCertificateReview } from "@sports/db";
import { type Actor, type CertificateReview, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { certificateReviewMail } from "../mail/templates.ts";
import { mailLanguage, signupRecapUrl, signupTitle, viewOf } from "../signups/views.ts";
import { audit } from "./audit.ts";

export const REVIEW_REASON_MAX_LENGTH = 500;

/**
 * An organiser approves or rejects a participant's medical certificate (a rejection says why). The
 * signup's owner is told by mail in their account's language (decision 018); a rejected participant
 * may upload another certificate, which clears the review.
 */
export async function reviewCertificate(
  deps: Pick<Deps, "db" | "now" | "siteUrl" | "mailQueued">,
  actor: Actor,
  input: { participantId: string; review: CertificateReview; reason?: string | null },
) {
  requireOrganiser(actor, "reviews certificates");
  const participant = isUuid(input.participantId)
    ? await consoleParticipant(deps.db, input.participantId.toLowerCase())
    : undefined;
  if (!participant) refuse("not-found", `No participant ${input.participantId}.`);
  if (!participant.certificateId) refuse("wrong-state", "This participant has no certificate to review.");
  const reason = input.reason?.trim() || null;
  if (input.review === "rejected" && !reason)
    refuse("invalid-input", "Say why the certificate is rejected.", {
      problems: [{ attribute: "reason", code: "required", detail: "Say why the certificate is rejected." }],
    });
  if (reason && reason.length > REVIEW_REASON_MAX_LENGTH)
    refuse("invalid-input", "The reason is too long.", {
      problems: [{ attribute: "reason", code: "too-long", detail: `At most ${REVIEW_REASON_MAX_LENGTH} characters.` }],
    });
  const signup = await findSignup(deps.db, participant.signupId);
  if (!signup) refuse("not-found", `No participant ${input.participantId}.`);
  const view = await viewOf(deps.db, signup);
  const owner = signup.userId ? await findUserById(deps.db, signup.userId) : undefined;
  await deps.db.transaction(async (tx) => {
    await setCertificateReview(tx, participant.id, {
      review: input.review,
      reason: input.review === "rejected" ? reason : null,
      at: deps.now,
      by: actor.userId,
    });
    await audit(tx, deps, actor, {
      action: `certificate-${input.review}`,
      subjectType: "signups",
      subjectId: signup.id,
      eventId: signup.eventId,
      before: { participant: participant.id, review: participant.certificateReview },
      after: { participant: participant.id, review: input.review, reason: input.review === "rejected" ? reason : null },
    });
    if (owner) {
      const locale = mailLanguage(owner);
      const mail = certificateReviewMail({
        locale,
        name: owner.givenName,
        person: `${participant.givenName} ${participant.familyName}`,
        what: signupTitle(view, locale),
        review: input.review,
        reason,
        link: signupRecapUrl(deps.siteUrl, view, locale),
      });
      await queueMail(tx, { to: owner.email, kind: `certificate-${input.review}`, signupId: signup.id, ...mail });
    }
  });
  if (owner) deps.mailQueued();
  const reviewed = await consoleParticipant(deps.db, participant.id);
  if (!reviewed) refuse("not-found", `No participant ${input.participantId}.`);
  return reviewed;
}
