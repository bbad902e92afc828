import { organiserActor, type SignupView, userActor, withdrawAthlete } from "@sports/usecases";
import { type Context, Hono } from "hono";
import { requireSession } from "../accounts/session.ts";
import type { ApiEnv } from "../context.ts";

/**
 * One athlete taken out of a club's signup (docs/api.md#withdrawing-an-athlete, decision 068):
 * `DELETE /api/signups/{id}/participants/{participantId}`, by a manager of the club or an
 * organiser. Answers 200 with the signup as it now stands (one place less, the refund owed on its
 * payment), since more than the participant changed.
 */
export function withdrawParticipantRoutes(answerSignup: (c: Context<ApiEnv>, view: SignupView) => Promise<Response>) {
  const routes = new Hono<ApiEnv>();

  routes.delete("/signups/:id/participants/:participantId", async (c) => {
    const { user } = requireSession(c);
    // An organiser withdraws from any club's signup; anyone else as themselves, a manager of its club.
    const actor = user.role === "organiser" ? organiserActor(user, "withdraws athletes") : userActor(user);
    const view = await withdrawAthlete(c.var.deps, actor, {
      signupId: c.req.param("id"),
      participantId: c.req.param("participantId"),
    });
    return answerSignup(c, view);
  });

  return routes;
}
