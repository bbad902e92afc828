import type { Actor } from "@sports/domain";
import { PARTICIPANT_TEXT_LIMITS } from "@sports/jsonapi";
import { athletePartFor, completeAthletePart, uploadAthleteCertificate, userActor, VISITOR } from "@sports/usecases";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { refuseCrossSite } from "../accounts/session.ts";
import { readAttributes } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { calendarDay, phoneNumber, plainText } from "../fields.ts";
import { document } from "../respond.ts";
import { readCertificate, uploadedFileName } from "../signups/certificate-file.ts";
import { certificateFileResource } from "../signups/serializers.ts";
import { athleteLinkResource } from "./serializers.ts";

/**
 * A club's athlete's own link over HTTP (docs/decisions/068-club-entries.md): reachable without a
 * session, the token in the path is all that opens it. The use cases refuse a token not shaped as
 * the site makes them before the database is asked, and every other one (unknown, spent, lapsed)
 * alike, `invalid-token` (404). Nothing it answers is kept by a cache.
 */

const PRIVATE = "private, no-store";

const optionalText = (text: z.ZodType<string, string>) =>
  text
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

const athletePart = z.strictObject({
  termsAccepted: z.boolean().optional(),
  privacyAccepted: z.boolean().optional(),
  emergencyContactName: optionalText(plainText(PARTICIPANT_TEXT_LIMITS.emergencyContactName)),
  emergencyContactPhone: optionalText(phoneNumber(PARTICIPANT_TEXT_LIMITS.emergencyContactPhone)),
  certificateId: z.uuid().nullable().optional(),
  certificateExpiresOn: calendarDay().nullable().optional(),
});

/**
 * Whoever follows the link: a visitor, or the logged-in person (whose roster entry may then be linked
 * to their account). A change with a session cookie must come from the site, as every one does.
 */
function actorOf(c: Context<ApiEnv>): Actor {
  const session = c.var.session;
  if (!session) return VISITOR;
  if (session.via === "cookie") refuseCrossSite(c);
  return userActor(session.user);
}

const tokenOf = (c: Context<ApiEnv>) => c.req.param("token") ?? "";

export function athleteRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/athlete-links/:token", async (c) => {
    const view = await athletePartFor(c.var.deps, tokenOf(c));
    c.header("Cache-Control", PRIVATE);
    return document(c, { data: athleteLinkResource(view, c.var.locale) });
  });

  // The certificate as the raw body (PDF, JPEG or PNG, as a signup's); the link is looked at first,
  // so no file is read for a link that opens nothing.
  routes.post("/athlete-links/:token/certificates", async (c) => {
    await athletePartFor(c.var.deps, tokenOf(c));
    const file = { ...(await readCertificate(c.req.raw)), fileName: uploadedFileName(c.req.raw) };
    const certificate = await uploadAthleteCertificate(c.var.deps, tokenOf(c), file);
    c.header("Cache-Control", PRIVATE);
    return document(c, { data: certificateFileResource(certificate) }, 201);
  });

  routes.patch("/athlete-links/:token", async (c) => {
    const actor = actorOf(c);
    // An unknown link is told before the body's problems: they would say nothing to whoever holds none.
    const view = await athletePartFor(c.var.deps, tokenOf(c));
    const input = await readAttributes(c, "athlete-links", athletePart, { ids: [view.participant.id] });
    const done = await completeAthletePart(c.var.deps, actor, tokenOf(c), input);
    c.header("Cache-Control", PRIVATE);
    return document(c, { data: athleteLinkResource(done, c.var.locale) });
  });

  return routes;
}
