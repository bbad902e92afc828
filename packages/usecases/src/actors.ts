import { type Actor, refuse, type User } from "@sports/domain";

/** Who may do what, decided in one place for every use case (the HTTP layer only names the actor). */

export type UserActor = Extract<Actor, { kind: "user" }>;
export type OrganiserActor = Extract<Actor, { kind: "organiser" }>;

/** The site itself: its jobs, and a provider's signed word. */
export const SYSTEM = { kind: "system" } as const satisfies Actor;
/** Someone not logged in: registering, logging in, asking for a new password. */
export const VISITOR = { kind: "visitor" } as const satisfies Actor;

/** A logged-in person acting for themselves: holding places, paying, changing their data. */
export const userActor = (user: Pick<User, "id">): UserActor => ({ kind: "user", userId: user.id });

/** A logged-in person acting as the organiser: only an organiser's account may, else `not-organiser`. */
export function organiserActor(user: Pick<User, "id" | "role">, action: string): OrganiserActor {
  if (user.role !== "organiser") refuse("not-organiser", `Only an organiser ${action}.`);
  return { kind: "organiser", userId: user.id };
}

/** Whether the actor may see and act on a record owned by `ownerId`: its owner, or an organiser. */
export function mayActOn(actor: Actor, ownerId: string | null): boolean {
  return actor.kind === "organiser" || (actor.kind === "user" && ownerId !== null && actor.userId === ownerId);
}
