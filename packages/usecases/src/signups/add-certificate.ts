import { type CertificateFile, insertCertificate, snapshotOf } from "@sports/db";
import { checkEditable } from "@sports/domain";
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
