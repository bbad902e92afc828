import { type Actor, refuse, type User } from "@sports/domain";

/** Who may do what, decided in one place for every use case (the HTTP layer only names the actor). */

export type UserActor = Extract<Actor, { kind: "user" }>;
export type OrganiserActor = Extract<Actor, { kind: "organiser" }>;
export type StaffActor = Extract<Actor, { kind: "staff" }>;
/** Someone working in the organiser's console: an organiser (everything) or staff (lists, check-in). */
export type ConsoleActor = OrganiserActor | StaffActor;

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

/**
 * A logged-in person working in the console: organisers and staff, each as what their role lets them
 * be; anyone else is refused (`not-staff`). Each console use case then asks for what it needs.
 */
export function consoleActor(user: Pick<User, "id" | "role">): ConsoleActor {
  if (user.role === "organiser") return { kind: "organiser", userId: user.id };
  if (user.role === "staff") return { kind: "staff", userId: user.id };
  refuse("not-staff", "Only the organiser's team works in the console.");
}

/** For what only an organiser does (change the catalogue, the team, money): staff are refused. */
export function requireOrganiser(actor: Actor, action: string): asserts actor is OrganiserActor {
  if (actor.kind !== "organiser") refuse("not-organiser", `Only an organiser ${action}.`);
}

/** Whether the actor is of the organiser's team: an organiser or staff. */
export function isTeam(actor: Actor): actor is ConsoleActor {
  return actor.kind === "organiser" || actor.kind === "staff";
}

/** For what the whole team does (read the lists, check runners in). */
export function requireTeam(actor: Actor): asserts actor is ConsoleActor {
  if (!isTeam(actor)) refuse("not-staff", "Only the organiser's team works in the console.");
}

/** Whether the actor may see and act on a record owned by `ownerId`: its owner, or an organiser. */
export function mayActOn(actor: Actor, ownerId: string | null): boolean {
  return actor.kind === "organiser" || (actor.kind === "user" && ownerId !== null && actor.userId === ownerId);
}
