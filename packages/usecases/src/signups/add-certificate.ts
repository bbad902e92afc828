import {
  appointmentWithEvent,
  type CertificateFile,
  certificateContent,
  certificateExpiry,
  clearCertificateReviews,
  findCertificate,
  insertCertificate,
  isUuid,
  participantsOf,
  setParticipantCertificate,
  snapshotOf,
} from "@sports/db";
import { certificateStatus, checkCertificateUpload, checkEditable, localDate, refuse } from "@sports/domain";
import type { UserActor } from "../actors.ts";
import { audit } from "../console/audit.ts";
import type { Deps } from "../deps.ts";
import { signupFor } from "./find.ts";
import { activeContentOf, UNREADABLE } from "./pdf-active-content.ts";

/**
 * Refuses a certificate whose file is a PDF with active content (`certificate-active-content`):
 * organisers open these files, and a certificate needs none. An object stream that cannot be looked
 * into is refused the same way, since what it holds cannot be known.
 */
export function refuseActiveContent(content: Uint8Array): void {
  const found = activeContentOf(content);
  if (found.length === 0) return;
  const what = found.includes(UNREADABLE)
    ? "an object stream that cannot be checked"
    : found.map((name) => `/${name}`).join(", ");
  refuse(
    "certificate-active-content",
    `The PDF carries active content (${what}): scripts, launch actions and attached files are not taken. Upload a plain scan, or print the certificate to a new PDF.`,
  );
}

/**
 * Keeps a participant's medical certificate with a held signup (its owner, while the hold lasts).
 * The organiser's word on the signup's certificates is cleared: the new one is to be looked at.
 * The file's content has been read and checked against its type by whoever received it; a PDF
 * with active content is refused (`certificate-active-content`).
 */
export async function addCertificate(
  deps: Deps,
  actor: UserActor,
  input: { signupId: string; file: { mediaType: string; content: Buffer; fileName: string } },
): Promise<{ signupId: string; certificate: CertificateFile }> {
  const signup = await signupFor(deps, actor, input.signupId);
  checkEditable(snapshotOf(signup, 0), actor, deps.now);
  refuseActiveContent(input.file.content);
  const certificate = await deps.db.transaction(async (tx) => {
    const stored = await insertCertificate(tx, { userId: actor.userId, signupId: signup.id, ...input.file });
    // The organiser looks again at a signup whose runner sends a new certificate.
    await clearCertificateReviews(tx, signup.id);
    return stored;
  });
  return { signupId: signup.id, certificate };
}

/**
 * Keeps with a held signup a certificate the same person uploaded for an earlier one, as a copy
 * (a certificate belongs to one signup, and goes when that signup's data goes), with the expiry
 * date it was saved with. Refused `not-found` for an unknown certificate or someone else's (which
 * is not told apart), `certificate-active-content` for a PDF with active content (one kept before
 * such files were refused), and `invalid-input` (`certificate-expired`) for one that no longer
 * covers this signup's race day, or whose expiry was never given.
 */
export async function reuseCertificate(
  deps: Deps,
  actor: UserActor,
  input: { signupId: string; certificateId: string },
): Promise<{ signupId: string; certificate: CertificateFile; expiresOn: string }> {
  const signup = await signupFor(deps, actor, input.signupId);
  checkEditable(snapshotOf(signup, 0), actor, deps.now);
  const field = { relationship: "certificate" };
  const id = input.certificateId.toLowerCase();
  const source = isUuid(id) ? await findCertificate(deps.db, id) : undefined;
  const content = source?.signupId && (await certificateContent(deps.db, source.id, source.signupId));
  if (!source || source.userId !== actor.userId || !content)
    refuse("not-found", `No certificate ${input.certificateId} of yours.`, { field });
  refuseActiveContent(content);
  const target = await appointmentWithEvent(deps.db, signup.appointmentId);
  if (!target) throw new Error(`Signup ${signup.id} has no appointment.`);
  const raceDay = localDate(target.appointment.startsAt, target.event.timeZone);
  const expiresOn = await certificateExpiry(deps.db, source.id);
  if (!expiresOn || expiresOn < raceDay) {
    refuse("invalid-input", "This certificate is not valid on the race day.", {
      problems: [{ ...field, code: "certificate-expired", detail: `The certificate must be valid on ${raceDay}.` }],
    });
  }
  const certificate = await insertCertificate(deps.db, {
    userId: actor.userId,
    signupId: signup.id,
    mediaType: source.mediaType,
    fileName: source.fileName,
    content,
  });
  return { signupId: signup.id, certificate, expiresOn };
}

/**
 * Gives a participant of a signup awaiting payment or confirmed a certificate after the signup (its
 * owner, from My signups): only where none is there yet, the organiser rejected it, or it lapses
 * before race day (`checkCertificateUpload`). A PDF with active content is refused
 * (`certificate-active-content`), and a certificate that does not cover the race day is
 * refused, naming the day (`invalid-input`, `certificate-expired` on `expiresOn`). The organiser's
 * word on the old one goes, and the console's audit log keeps a line of it.
 */
export async function addParticipantCertificate(
  deps: Deps,
  actor: UserActor,
  input: {
    signupId: string;
    /** The participant's position in the signup, from 1. */
    participant: number;
    expiresOn: string;
    file: { mediaType: string; content: Buffer; fileName: string };
  },
): Promise<{ signupId: string; participantId: string; certificate: CertificateFile; expiresOn: string }> {
  const signup = await signupFor(deps, actor, input.signupId);
  const people = await participantsOf(deps.db, [signup.id]);
  const person = people.find((one) => one.position === input.participant);
  if (!person) refuse("not-found", `This signup has no participant ${input.participant}.`);
  const target = await appointmentWithEvent(deps.db, signup.appointmentId);
  if (!target) throw new Error(`Signup ${signup.id} has no appointment.`);
  const raceDay = localDate(target.appointment.startsAt, target.event.timeZone);
  const status = certificateStatus({
    hasCertificate: person.certificateId !== null,
    certificateExpiresOn: person.certificateExpiresOn,
    review: person.certificateReview,
    raceDay,
  });
  checkCertificateUpload(snapshotOf(signup, people.length), actor, deps.now, status);
  refuseActiveContent(input.file.content);
  if (input.expiresOn < raceDay)
    refuse("invalid-input", "This certificate is not valid on the race day.", {
      problems: [
        {
          attribute: "expiresOn",
          code: "certificate-expired",
          detail: `The certificate must be valid on ${raceDay}.`,
        },
      ],
    });
  const certificate = await deps.db.transaction(async (tx) => {
    const stored = await insertCertificate(tx, { userId: actor.userId, signupId: signup.id, ...input.file });
    await setParticipantCertificate(tx, person.id, { certificateId: stored.id, expiresOn: input.expiresOn });
    await audit(tx, deps, actor, {
      action: "certificate-uploaded",
      subjectType: "signups",
      subjectId: signup.id,
      eventId: signup.eventId,
      before: { participant: person.id, certificate: status },
      after: { participant: person.id, certificate: "pending", expiresOn: input.expiresOn },
    });
    return stored;
  });
  return { signupId: signup.id, participantId: person.id, certificate, expiresOn: input.expiresOn };
}
