import { deleteSession } from "@sports/db";
import type { UserActor } from "../actors.ts";
import type { AccountDeps } from "../deps.ts";
import { audit } from "./audit.ts";

/** Ends the person's session, the one they logged out with (`tokenHash`, as `sessionOf` found it); others stay. */
export async function logOut(
  deps: AccountDeps,
  actor: UserActor,
  input: { tokenHash: string; clientAddress: string },
): Promise<void> {
  await deleteSession(deps.db, input.tokenHash);
  audit(deps, "logout", input.clientAddress, { userId: actor.userId });
}
