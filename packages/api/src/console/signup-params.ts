import type { Context } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../context.ts";
import { invalidParameter, notFound } from "../errors.ts";

/*
 * What the console's signup and certificate paths (signup-routes.ts, certificate-routes.ts) read
 * from the request alike.
 */

/** A query parameter's parser that takes one of `allowed` and refuses anything else (400). */
export function oneOf<T extends string>(allowed: readonly T[]) {
  return (value: string, parameter: string): T => {
    if (!(allowed as readonly string[]).includes(value))
      throw invalidParameter(parameter, `Use one of ${allowed.map((a) => `"${a}"`).join(", ")}.`);
    return value as T;
  };
}

const UUID = z.uuid();

/** The record a path names: an id that cannot be one names nothing (404), and never reaches SQL. */
export function idOf(c: Context<ApiEnv>): string {
  const id = (c.req.param("id") ?? "").toLowerCase();
  if (!UUID.safeParse(id).success) throw notFound("Nothing has this id.");
  return id;
}
