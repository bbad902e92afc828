import { EMAIL_MAX_LENGTH, TEAM_ROLES } from "@sports/domain";
import type { ResourceObject } from "@sports/jsonapi";
import {
  acceptTeamInvitation,
  inviteTeamMember,
  removeTeamMember,
  type TeamInvitationRecord,
  type TeamMember,
  teamMembers,
  userActor,
} from "@sports/usecases";
import { Hono } from "hono";
import { z } from "zod";
import { userResource } from "../accounts/serializers.ts";
import { requireSession } from "../accounts/session.ts";
import { readAttributes } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { document } from "../respond.ts";
import { organiserOnly, teamActor } from "./actor.ts";

const invitation = z.strictObject({
  email: z.string().trim().min(3).max(EMAIL_MAX_LENGTH),
  role: z.enum(TEAM_ROLES),
});

/** An account on the team, named by its id. */
function memberResource(member: TeamMember): ResourceObject<"team-members", Record<string, unknown>> {
  return {
    type: "team-members",
    id: member.id,
    attributes: {
      email: member.email,
      givenName: member.givenName,
      familyName: member.familyName,
      role: member.role,
      emailVerified: member.emailVerifiedAt !== null,
      listedOrganiser: member.listedOrganiser,
      pending: false,
      invitedAt: member.invitation?.invitedAt.toISOString() ?? null,
      invitationExpiresAt: null,
    },
  };
}

/** An invitation no account has taken yet, named by its address. */
function pendingResource(pending: TeamInvitationRecord): ResourceObject<"team-members", Record<string, unknown>> {
  return {
    type: "team-members",
    id: pending.email,
    attributes: {
      email: pending.email,
      givenName: null,
      familyName: null,
      role: pending.role,
      emailVerified: false,
      listedOrganiser: false,
      pending: true,
      invitedAt: pending.invitedAt.toISOString(),
      invitationExpiresAt: pending.expiresAt?.toISOString() ?? null,
    },
  };
}

/**
 * The organiser's team over HTTP, organisers only: `GET /api/team-members` (accounts with a role,
 * then invitations waiting), `POST` (invite an address), `DELETE /api/team-members/{id or email}`;
 * and for the invited, `POST /api/team-invitations/{token}` (accept, from the invited account).
 */
export function teamRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/team-members", async (c) => {
    const { members, pending } = await teamMembers(c.var.deps, teamActor(c));
    return document(c, { data: [...members.map(memberResource), ...pending.map(pendingResource)] });
  });

  routes.post("/team-members", async (c) => {
    const actor = organiserOnly(c);
    const input = await readAttributes(c, "team-members", invitation);
    const invited = await inviteTeamMember(c.var.deps, actor, { ...input, locale: c.var.locale });
    const { members, pending } = await teamMembers(c.var.deps, actor);
    const member = members.find((one) => one.email === invited.email);
    const waiting = pending.find((one) => one.email === invited.email);
    const data = member
      ? memberResource(member)
      : pendingResource(waiting ?? { ...invited, invitedBy: actor.userId, invitedAt: c.var.deps.now });
    return document(c, { data, meta: { granted: invited.granted } }, 201);
  });

  // The invited account's user, with its new role; its other sessions are ended.
  routes.post("/team-invitations/:token", async (c) => {
    const { user, tokenHash } = requireSession(c);
    const token = c.req.param("token");
    const accepted = await acceptTeamInvitation(c.var.deps, userActor(user), { token, session: tokenHash });
    return document(c, { data: userResource(accepted) });
  });

  routes.delete("/team-members/:member", async (c) => {
    await removeTeamMember(c.var.deps, teamActor(c), { member: c.req.param("member") });
    return c.body(null, 204);
  });

  return routes;
}
