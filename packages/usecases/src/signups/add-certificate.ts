import {
  appointmentWithEvent,
  type CertificateFile,
  certificateContent,
  certificateExpiry,
  findCertificate,
  insertCertificate,
  isUuid,
  snapshotOf,
} from "@sports/db";
import { checkEditable, localDate, refuse } from "@sports/domain";
import type { UserActor } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { signupFor } from "./find.ts";

/**
 * Keeps a participant's medical certificate with a held signup (its owner, while the hold lasts).
 * The file's content has been read and checked against its type by whoever received it.
 */
export async function addCertificate(
  deps: Deps,
  actor: UserActor,
  input: { signupId: string; file: { mediaType: string; content: Buffer; fileName: string } },
): Promise<{ signupId: string; certificate: CertificateFile }> {
  const signup = await signupFor(deps, actor, input.signupId);
  checkEditable(snapshotOf(signup, 0), actor, deps.now);
  const certificate = await insertCertificate(deps.db, { userId: actor.userId, signupId: signup.id, ...input.file });
  return { signupId: signup.id, certificate };
}

/**
 * Keeps with a held signup a certificate the same person uploaded for an earlier one, as a copy
 * (a certificate belongs to one signup, and goes when that signup's data goes), with the expiry
 * date it was saved with. Refused `not-found` for an unknown certificate or someone else's (which
 * is not told apart), and `invalid-input` (`certificate-expired`) for one that no longer covers
 * this signup's race day, or whose expiry was never given.
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
