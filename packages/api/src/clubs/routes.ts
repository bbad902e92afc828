import {
  acceptClubManagerInvitation,
  clubOf,
  createClub,
  inviteClubManager,
  myClubs,
  requireClubManager,
  updateClub,
  userActor,
} from "@sports/usecases";
import { type Context, Hono } from "hono";
import { requireSession } from "../accounts/session.ts";
import { readAttributes } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { document } from "../respond.ts";
import { PRIVATE, person } from "./actor.ts";
import { acceptanceInput, clubInput, invitationInput } from "./input.ts";
import { clubResource } from "./serializers.ts";

const clubId = (c: Context<ApiEnv>) => c.req.param("id") ?? "";

/**
 * Clubs over HTTP (docs/api.md "Clubs", docs/decisions/068-club-entries.md): a logged-in person
 * makes a club and manages it (`POST /api/clubs`), lists the clubs they manage (`GET /api/clubs`),
 * reads and changes one (`GET`/`PATCH /api/clubs/{id}`), invites another manager
 * (`POST /api/clubs/{id}/manager-invitations`); the invited accept with the mailed link's token
 * (`POST /api/club-manager-invitations`). Anyone but the club's managers gets 404 `not-found`.
 */
export function clubRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/clubs", async (c) => {
    const clubs = await myClubs(c.var.deps, person(c));
    c.header("Cache-Control", PRIVATE);
    return document(c, { data: clubs.map(clubResource) });
  });

  routes.post("/clubs", async (c) => {
    const actor = person(c);
    const input = await readAttributes(c, "clubs", clubInput);
    const view = await createClub(c.var.deps, actor, input);
    c.header("Location", `/api/clubs/${view.club.id}`);
    return document(c, { data: clubResource(view) }, 201);
  });

  routes.get("/clubs/:id", async (c) => {
    const view = await clubOf(c.var.deps, person(c), clubId(c));
    c.header("Cache-Control", PRIVATE);
    return document(c, { data: clubResource(view) });
  });

  routes.patch("/clubs/:id", async (c) => {
    const actor = person(c);
    // The club is looked up first, so a stranger learns nothing from a body's problems.
    const club = await requireClubManager(c.var.deps.db, actor, clubId(c));
    const input = await readAttributes(c, "clubs", clubInput, { ids: [club.id] });
    const view = await updateClub(c.var.deps, actor, club.id, input);
    return document(c, { data: clubResource(view) });
  });

  routes.post("/clubs/:id/manager-invitations", async (c) => {
    const actor = person(c);
    const club = await requireClubManager(c.var.deps.db, actor, clubId(c));
    const { email } = await readAttributes(c, "club-manager-invitations", invitationInput);
    const invited = await inviteClubManager(c.var.deps, actor, { clubId: club.id, email, locale: c.var.locale });
    return document(
      c,
      {
        data: {
          type: "club-manager-invitations",
          id: invited.id,
          attributes: { email: invited.email, expiresAt: invited.expiresAt.toISOString() },
          relationships: { club: { data: { type: "clubs", id: club.id } } },
        },
      },
      201,
    );
  });

  // The club the invited account now manages; its other sessions are ended.
  routes.post("/club-manager-invitations", async (c) => {
    const { user, tokenHash } = requireSession(c);
    const { token } = await readAttributes(c, "club-manager-invitations", acceptanceInput);
    const view = await acceptClubManagerInvitation(c.var.deps, userActor(user), { token, session: tokenHash });
    return document(c, { data: clubResource(view) });
  });

  return routes;
}
