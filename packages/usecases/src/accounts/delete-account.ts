import { deleteUser } from "@sports/db";
import type { UserActor } from "../actors.ts";
import type { AccountDeps } from "../deps.ts";
import { audit } from "./audit.ts";

/** Deletes the person's own account; its sessions and mailed links go with it. */
export async function deleteAccount(
  deps: AccountDeps,
  actor: UserActor,
  input: { clientAddress: string },
): Promise<void> {
  await deleteUser(deps.db, actor.userId);
  audit(deps, "account-deleted", input.clientAddress, { userId: actor.userId });
}
