import { type DataDocument, type ResourceObject, withLinkage } from "@sports/jsonapi";
import { type RouterContextProvider, redirect } from "react-router";
import { requireVisitor } from "../auth/guard.ts";
import { languageContext, recordsContext } from "../context.ts";
import { readApi } from "../lib/api.ts";
import { elsewhereThan, type SignupPage, type SignupStepData, signupPageOf } from "./page.ts";
import { placeOf, type SignupStep, signupPath, startPath } from "./paths.ts";
import { signupOf, signupsOf } from "./records.ts";

interface StepArgs {
  request: Request;
  params: { slug: string; slug1?: string | undefined; id?: string | undefined };
  context: Readonly<RouterContextProvider>;
}

/**
 * Reads the signup a step shows, and the stays its event offers, into the request's record store,
 * and sends the visitor where they belong (page.ts, `elsewhereThan`).
 */
export async function readSignupPage(
  args: StepArgs,
  step: SignupStep,
): Promise<{ page: SignupPage; documents: DataDocument[] }> {
  const { request, params, context } = args;
  requireVisitor(context, request);
  const { prefix } = context.get(languageContext);
  if (!params.id) throw redirect(prefix + (await currentSignupPath(args, step)));

  const records = context.get(recordsContext);
  const signupDocument = await readApi<DataDocument>(context, `/api/signups/${encodeURIComponent(params.id)}`);
  const id = (signupDocument.data as ResourceObject).id;
  const signup = signupOf(records, id);
  if (!signup) throw new Error("The signup's document names no event or appointment.");
  const event = { type: "events", id: signup.event.id };
  const staysDocument = withLinkage(
    event,
    "stays",
    await readApi<DataDocument<ResourceObject[]>>(context, `/api/events/${encodeURIComponent(event.id)}/stays`),
  );
  records.push(staysDocument);
  const page = signupPageOf(records, { signupId: id, step, serverNow: new Date().toISOString() });
  if (!page) throw new Error("The record store lost the signup it was just given.");
  const elsewhere = elsewhereThan(page, params);
  if (elsewhere !== null) throw redirect(prefix + elsewhere);
  return { page, documents: [signupDocument, staysDocument] };
}

/** A step's loader: the server reads, the page reads the store (docs/decisions/016-record-store.md). */
export async function loadSignupPage(args: StepArgs, step: SignupStep): Promise<SignupStepData> {
  const { page, documents } = await readSignupPage(args, step);
  return { signupId: page.signup.id, step, serverNow: page.serverNow, documents };
}

/** `…/iscrizione/recap` without an id: the visitor's held signup for this appointment, else its page. */
async function currentSignupPath({ params, context }: StepArgs, step: SignupStep): Promise<string> {
  const list = await readApi<DataDocument<ResourceObject[]>>(context, "/api/signups");
  const mine = signupsOf(
    context.get(recordsContext),
    list.data.map((signup) => signup.id),
  );
  const held = mine.find(
    (signup) =>
      signup.state === "held" &&
      signup.event.slug === params.slug &&
      (params.slug1 ? signup.appointment.slug === params.slug1 : signup.appointment.implicit),
  );
  if (held) return signupPath(placeOf(held.event, held.appointment), held.id, step);
  return startPath({ eventSlug: params.slug, appointmentSlug: params.slug1 ?? null });
}
