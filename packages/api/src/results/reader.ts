import type { Actor } from "@sports/domain";
import { consoleActor, userActor, VISITOR } from "@sports/usecases";
import type { Context } from "hono";
import type { ApiEnv } from "../context.ts";

/** Who reads results: the team sees them before they are published, everyone else once they are. */
export function readerOf(c: Context<ApiEnv>): Actor {
  const user = c.var.session?.user;
  if (!user) return VISITOR;
  return user.role === "user" ? userActor(user) : consoleActor(user);
}
