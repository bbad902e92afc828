import { userActor } from "@sports/usecases";
import type { Context } from "hono";
import { requireSession } from "../accounts/session.ts";
import type { ApiEnv } from "../context.ts";

/** Clubs' data is their managers' and the people in it: never kept by a cache. */
export const PRIVATE = "private, no-store";

/** The logged-in person, acting for themselves: every club endpoint needs a session (401 without). */
export const person = (c: Context<ApiEnv>) => userActor(requireSession(c).user);
