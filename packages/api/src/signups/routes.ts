import { PAYMENT_METHODS } from "@sports/jsonapi";
import {
  applyDiscountCode,
  cancelSignup,
  chooseStays,
  confirmedSignupViewFor,
  holdPlaces,
  type IdempotencyKey,
  lastBillingOf,
  mySignups,
  pastParticipantsOf,
  type SignupView,
  setBilling,
  signupViewFor,
  submitSignup,
  updateParticipants,
  userActor,
} from "@sports/usecases";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { requireSession, type Session } from "../accounts/session.ts";
import { billingDetailsOf, billingInput } from "../billing/input.ts";
import { readAttributes, readCollection, readResource } from "../body.ts";
import { type ApiEnv, liveMethods } from "../context.ts";
import { httpError } from "../errors.ts";
import { type FirstAnswer, idempotent } from "../idempotency.ts";
import { attachment, document } from "../respond.ts";
import { queuePassOf } from "../waiting-room/pass-cookie.ts";
import { signupCalendar } from "./calendar.ts";
import { signupCertificateRoutes } from "./certificate-routes.ts";
import { participantInput, stayBookingInput } from "./input.ts";
import { includedOf, participantResource, signupResource } from "./serializers.ts";
import { withdrawParticipantRoutes } from "./withdraw-participant.ts";

/**
 * Signups over HTTP: each handler reads the request, calls the use case as the logged-in person
 * (packages/usecases/src/signups), and answers its result; what a use case refuses is answered by the
 * API's error handler (refusals.ts). The signup's rules: decision 011; a hold's `queuePass`: 072.
 */
const holdRequest = z.strictObject({
  places: z.number().int().min(1).max(50).optional(),
  queuePass: z.string().max(200).optional(),
});

/**
 * A change of the signup: its state (submit, cancel), or the discount code at the recap (a string
 * applies it, null or "" takes it off; decision 029). Both at once apply the code, then submit.
 */
const signupChange = z.strictObject({
  state: z.enum(["awaiting-payment", "cancelled"]).optional(),
  billing: billingInput.optional(),
  discountCode: z.string().trim().max(64).nullable().optional(),
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  termsAccepted: z.literal(true, { error: "Accept the terms." }).optional(),
});

const PRIVATE = { "Cache-Control": "private, no-store" };

/** A signup's document: the signup with what it is for and holds, in the request's language. */
async function answerSignup(c: Context<ApiEnv>, view: SignupView, status: 200 | 201 = 200) {
  const { now } = c.var.deps;
  const context = { locale: c.var.locale, now, fields: new Map(), livePaymentMethods: liveMethods(c) };
  const actor = c.var.session ? userActor(c.var.session.user) : undefined;
  const lastBilling = actor && view.signup.userId === actor.userId ? await lastBillingOf(c.var.deps, actor) : null;
  return document(c, { data: signupResource(view, now, lastBilling), included: includedOf([view], context) }, status);
}

const person = (c: Context<ApiEnv>) => userActor(requireSession(c).user);
const idOf = (c: Context<ApiEnv>) => c.req.param("id") ?? "";

export function signupRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.post("/signups", (c) => {
    const session = requireSession(c);
    return idempotent(c, session.user.id, { type: "signups", rerender: signupAgain(c) }, (key) =>
      hold(c, session, key),
    );
  });

  /** Holds places: 201 with a new hold (its key recorded with it), 200 with the person's hold already there. */
  async function hold(c: Context<ApiEnv>, session: Session, key: IdempotencyKey | undefined): Promise<FirstAnswer> {
    const { attributes, relationships } = await readResource(c, "signups", holdRequest, {
      appointment: "appointments",
      event: "events",
    });
    if (!relationships.appointment === !relationships.event) {
      throw httpError({
        status: 400,
        code: "invalid-relationship",
        title: "Invalid document",
        detail: "Give the appointment, or for an event that takes signups as a whole, the event.",
        source: { pointer: "/data/relationships" },
      });
    }
    const target = relationships.appointment
      ? { appointmentId: relationships.appointment }
      : { eventId: relationships.event ?? "" };
    const { created, view } = await holdPlaces(c.var.deps, userActor(session.user), {
      target,
      ...(attributes.places ? { places: attributes.places } : {}),
      ...queuePassOf(c, attributes.queuePass),
      locale: c.var.locale,
      ...(key ? { key } : {}),
    });
    c.header("Location", `/api/signups/${view.signup.id}`);
    return { response: await answerSignup(c, view, created ? 201 : 200), resourceId: view.signup.id, created };
  }

  /** A signup answered again for a retry with the same key: as it now stands, with the first status. */
  const signupAgain = (c: Context<ApiEnv>) => async (id: string, status: 200 | 201) => {
    const view = await signupViewFor(c.var.deps, person(c), id);
    c.header("Location", `/api/signups/${id}`);
    return answerSignup(c, view, status);
  };

  routes.get("/signups", async (c) => {
    const all = await mySignups(c.var.deps, person(c));
    const { now } = c.var.deps;
    const context = { locale: c.var.locale, now, fields: new Map(), livePaymentMethods: liveMethods(c) };
    c.header("Cache-Control", PRIVATE["Cache-Control"]);
    return document(c, { data: all.map((view) => signupResource(view, now)), included: includedOf(all, context) });
  });

  routes.get("/signups/:id", async (c) => {
    const view = await signupViewFor(c.var.deps, person(c), idOf(c));
    c.header("Cache-Control", PRIVATE["Cache-Control"]);
    return answerSignup(c, view);
  });

  routes.patch("/signups/:id", async (c) => {
    const actor = person(c);
    const view = await signupViewFor(c.var.deps, actor, idOf(c));
    const input = await readAttributes(c, "signups", signupChange, { ids: [view.signup.id] });
    const signupId = view.signup.id;
    if (input.state === undefined && input.discountCode === undefined && input.billing === undefined)
      throw httpError({
        status: 400,
        code: "invalid-input",
        title: "Invalid attribute",
        detail: "Give the signup's new state, its discount code or its billing details.",
        source: { pointer: "/data/attributes" },
      });
    if (input.billing !== undefined) {
      const billed = await setBilling(c.var.deps, actor, { signupId, billing: billingDetailsOf(input.billing) });
      if (input.state === undefined && input.discountCode === undefined) return answerSignup(c, billed);
    }
    if (input.discountCode !== undefined) {
      const applied = await applyDiscountCode(c.var.deps, actor, { signupId, code: input.discountCode });
      if (input.state === undefined) return answerSignup(c, applied);
    }
    if (input.state === "cancelled") return answerSignup(c, await cancelSignup(c.var.deps, actor, { signupId }));
    const { paymentMethod, termsAccepted } = input;
    return answerSignup(c, await submitSignup(c.var.deps, actor, { signupId, paymentMethod, termsAccepted }));
  });

  routes.patch("/signups/:id/participants", async (c) => {
    const actor = person(c);
    const signupId = (await signupViewFor(c.var.deps, actor, idOf(c))).signup.id;
    const people = await readCollection(c, "participants", participantInput(c.var.deps.now), 50);
    return answerSignup(c, await updateParticipants(c.var.deps, actor, { signupId, people }));
  });

  routes.patch("/signups/:id/stay-bookings", async (c) => {
    const actor = person(c);
    const signupId = (await signupViewFor(c.var.deps, actor, idOf(c))).signup.id;
    const bookings = await readCollection(c, "stay-bookings", stayBookingInput, 10);
    return answerSignup(c, await chooseStays(c.var.deps, actor, { signupId, bookings }));
  });

  // A participant's certificates, given at the signup or after it.
  routes.route("/", signupCertificateRoutes());
  // An athlete taken out of a club's signup.
  routes.route("/", withdrawParticipantRoutes(answerSignup));

  routes.get("/signups/:id/calendar", async (c) => {
    const view = await confirmedSignupViewFor(c.var.deps, person(c), idOf(c));
    return c.body(signupCalendar(view, c.var.locale, c.var.deps.now), 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": attachment(`${view.event.slug}.ics`),
      ...PRIVATE,
    });
  });

  routes.get("/users/me/participants", async (c) => {
    const people = await pastParticipantsOf(c.var.deps, person(c));
    c.header("Cache-Control", PRIVATE["Cache-Control"]);
    return document(c, {
      // The certificate itself stays out; its id and expiry are there to offer it again (reuseCertificate).
      data: people.map((one) => ({
        ...participantResource({ ...one, certificateId: null, certificateExpiresOn: null }),
        ...(one.certificateId && one.certificateExpiresOn
          ? { meta: { certificate: { id: one.certificateId, expiresOn: one.certificateExpiresOn } } }
          : {}),
      })),
    });
  });

  return routes;
}
