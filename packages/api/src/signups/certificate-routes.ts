import { JSONAPI_MEDIA_TYPE } from "@sports/jsonapi";
import {
  addCertificate,
  addParticipantCertificate,
  certificateFileFor,
  reuseCertificate,
  signupViewFor,
  userActor,
} from "@sports/usecases";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { requireSession } from "../accounts/session.ts";
import { readResource } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { httpError, invalidParameter } from "../errors.ts";
import { calendarDay } from "../fields.ts";
import { attachment, document } from "../respond.ts";
import { readCertificate, uploadedFileName } from "./certificate-file.ts";
import { certificateResource } from "./serializers.ts";

/**
 * A signup's medical certificates over HTTP (mounted by routes.ts under the signup): one uploaded at
 * the signup, one uploaded before and given again, or a participant's after the hold
 * (docs/decisions/025-certificate-later.md); and the file itself, for its owner.
 */

const PRIVATE = { "Cache-Control": "private, no-store" };

/** A JSON:API body, rather than a file's bytes. */
const isJsonApi = (contentType: string | undefined) =>
  (contentType ?? "").split(";")[0]?.trim().toLowerCase() === JSONAPI_MEDIA_TYPE;

const missingSource = {
  status: 400,
  code: "invalid-relationship",
  title: "Which certificate?",
  detail: 'Give the certificate to use again as relationships.source: { data: { type: "certificates", id } }.',
  source: { pointer: "/data/relationships/source" },
} as const;

const afterSignupQuery = z.object({
  participant: z.coerce.number().int().min(1).max(50),
  expiresOn: calendarDay(),
});

/**
 * Which participant a certificate uploaded after the signup is for, and until when it is valid: the
 * `participant` (position, from 1) and `expiresOn` query parameters, both or neither.
 */
function afterSignupTarget(c: Context<ApiEnv>): { participant: number; expiresOn: string } | undefined {
  const { participant, expiresOn } = c.req.query();
  if (participant === undefined && expiresOn === undefined) return undefined;
  const parsed = afterSignupQuery.safeParse({ participant, expiresOn });
  if (parsed.success) return parsed.data;
  if (parsed.error.issues[0]?.path[0] === "participant")
    throw invalidParameter("participant", "Give the participant's position in the signup, from 1.");
  throw invalidParameter("expiresOn", "Give the certificate's expiry date as YYYY-MM-DD.");
}

const person = (c: Context<ApiEnv>) => userActor(requireSession(c).user);
const idOf = (c: Context<ApiEnv>) => c.req.param("id") ?? "";

export function signupCertificateRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.post("/signups/:id/certificates", async (c) => {
    const actor = person(c);
    const signupId = (await signupViewFor(c.var.deps, actor, idOf(c))).signup.id;
    if (isJsonApi(c.req.header("content-type"))) {
      // `{ data: { type: "certificates", relationships: { source: … } } }`: one uploaded before, again.
      const { relationships } = await readResource(c, "certificates", z.object({}), { source: "certificates" });
      if (!relationships.source) throw httpError(missingSource);
      const reused = await reuseCertificate(c.var.deps, actor, { signupId, certificateId: relationships.source });
      c.header("Location", `/api/signups/${signupId}/certificates/${reused.certificate.id}`);
      const data = { ...certificateResource(signupId, reused.certificate), meta: { expiresOn: reused.expiresOn } };
      return document(c, { data }, 201);
    }
    const target = afterSignupTarget(c);
    const file = { ...(await readCertificate(c.req.raw)), fileName: uploadedFileName(c.req.raw) };
    if (target) {
      // `?participant=2&expiresOn=2027-05-02`: a participant's certificate after the signup's hold.
      const added = await addParticipantCertificate(c.var.deps, actor, { signupId, ...target, file });
      c.header("Location", `/api/signups/${signupId}/certificates/${added.certificate.id}`);
      const meta = { participant: added.participantId, expiresOn: added.expiresOn };
      return document(c, { data: { ...certificateResource(signupId, added.certificate), meta } }, 201);
    }
    const { certificate } = await addCertificate(c.var.deps, actor, { signupId, file });
    c.header("Location", `/api/signups/${signupId}/certificates/${certificate.id}`);
    return document(c, { data: certificateResource(signupId, certificate) }, 201);
  });

  routes.get("/signups/:id/certificates/:certificateId", async (c) => {
    const input = { signupId: idOf(c), certificateId: c.req.param("certificateId") };
    const { file, content } = await certificateFileFor(c.var.deps, person(c), input);
    return c.body(new Uint8Array(content), 200, {
      "Content-Type": file.mediaType,
      "Content-Disposition": attachment(file.fileName),
      ...PRIVATE,
      "X-Content-Type-Options": "nosniff",
    });
  });

  return routes;
}
