import type { User } from "@sports/domain";
import type { ResourceObject } from "@sports/jsonapi";
import type { NewSession } from "@sports/usecases";

/** The user as their own JSON:API resource (never anyone else's: there is no endpoint for that). */
export function userResource(user: User): ResourceObject {
  const { id, emailVerifiedAt, createdAt, ...attributes } = user;
  return {
    type: "users",
    id,
    attributes: { ...attributes, emailVerified: emailVerifiedAt !== null, createdAt: createdAt.toISOString() },
    links: { self: "/api/users/me" },
  };
}

/**
 * A new session as its resource: its token in the body for an API client, or left out when the
 * site's cookie carries it (`inCookie`), never both.
 */
export function sessionResource(user: Pick<User, "id">, session: NewSession, inCookie: boolean) {
  return {
    type: "sessions",
    id: "current",
    attributes: { ...(inCookie ? {} : { token: session.token }), expiresAt: session.expiresAt.toISOString() },
    relationships: { user: { data: { type: "users", id: user.id } } },
    links: { self: "/api/sessions/current" },
  } satisfies ResourceObject;
}
