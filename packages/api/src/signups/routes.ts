import {
  applyTransition,
  appointmentsWithEvents,
  appointmentWithEvent,
  certificateContent,
  changePlaces,
  expireLapsedSignups,
  findCertificate,
  findSignup,
  fullAppointmentCheck,
  holdSignup,
  type IdempotencyKey,
  implicitAppointmentOf,
  insertCertificate,
  isUuid,
  type PaymentRecord,
  pastParticipants,
  releaseHoldings,
  replaceParticipants,
  replaceStayBookings,
  type SignupRecord,
  signupsOfUser,
  snapshotOf,
  withLockedSignup,
} from "@sports/db";
import {
  type Actor,
  appointmentAvailability,
  cancel,
  checkEditable,
  chooseStays,
  expire,
  hold,
  SignupRuleError,
  submit,
  updateParticipants,
} from "@sports/domain";
import { PAYMENT_METHODS } from "@sports/jsonapi";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { publicOrigin, requireSession, type Session } from "../accounts/session.ts";
import { ApiErrors, invalidAttribute, readAttributes, readCollection, readResource } from "../body.ts";
import { type ApiEnv, liveMethods } from "../context.ts";
import { ApiError, notFound } from "../errors.ts";
import { type FirstAnswer, idempotent } from "../idempotency.ts";
import { owedOnCancel } from "../payments/cancel.ts";
import { refundOwed } from "../payments/settle.ts";
import { document } from "../respond.ts";
import { signupCalendar } from "./calendar.ts";
import { readCertificate, uploadedFileName } from "./certificate-file.ts";
import { checkParticipants, checkStayBookings, participantInput, participantRow, stayBookingInput } from "./input.ts";
import { settled, views } from "./load.ts";
import { queueAwaitingPaymentMail } from "./mail.ts";
import {
  certificateResource,
  confirmedCancellable,
  includedOf,
  participantResource,
  priceOf,
  type SignupView,
  signupResource,
} from "./serializers.ts";

export interface SignupOptions {
  logger?: { error(details: object, message: string): void };
}

const holdRequest = z.strictObject({ places: z.number().int().min(1).max(50).optional() });

const signupChange = z.strictObject({
  state: z.enum(["awaiting-payment", "cancelled"]),
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  termsAccepted: z.literal(true, { error: "Accept the terms." }).optional(),
});

/** A refusal of the signup's rules as the API answers it: 403 for someone else's signup, else 409. */
export function refusal(error: SignupRuleError): ApiError {
  return new ApiError({
    status: error.code === "not-owner" ? 403 : 409,
    code: error.code,
    title: error.code === "not-owner" ? "Not yours" : "Refused",
    detail: error.message,
  });
}

async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SignupRuleError) throw refusal(error);
    throw error;
  }
}

const userActor = (session: Session): Extract<Actor, { kind: "user" }> => ({ kind: "user", userId: session.user.id });

/** Signups: holding places, participants, stays, certificates, submitting and cancelling. */
export function signupRoutes(options: SignupOptions = {}) {
  const routes = new Hono<ApiEnv>();

  const context = (c: Context<ApiEnv>) => ({
    locale: c.var.locale,
    now: c.var.now,
    fields: new Map(),
    livePaymentMethods: liveMethods(c),
  });

  async function answer(c: Context<ApiEnv>, signup: SignupRecord, status: 200 | 201 = 200) {
    const [view] = await views(c.var.db, [signup]);
    if (!view) throw new Error("no view");
    return document(c, { data: signupResource(view, c.var.now), included: includedOf([view], context(c)) }, status);
  }

  /** The visitor's own signup: 401 without a session, 404 unknown, 403 someone else's. */
  async function ownSignup(c: Context<ApiEnv>): Promise<{ session: Session; signup: SignupRecord }> {
    const session = requireSession(c);
    const id = c.req.param("id") ?? "";
    const signup = isUuid(id) ? await findSignup(c.var.db, id.toLowerCase()) : undefined;
    if (!signup) throw notFound(`No signup ${id}.`);
    if (signup.userId !== session.user.id) {
      throw new ApiError({ status: 403, code: "not-owner", title: "Not yours", detail: "This signup is not yours." });
    }
    return { session, signup: await settled(c.var.db, signup, c.var.now) };
  }

  /** Runs a change on the locked signup: the domain's verb decides, the same transaction writes. */
  async function change(
    c: Context<ApiEnv>,
    signup: SignupRecord,
    work: (tx: Parameters<Parameters<typeof withLockedSignup>[2]>[0], locked: SignupRecord) => Promise<SignupRecord>,
  ): Promise<SignupRecord> {
    const changed = await refusing(() => withLockedSignup(c.var.db, signup.id, work));
    if (!changed) throw notFound(`No signup ${signup.id}.`);
    return changed;
  }

  /** A signup answered again for a retry with the same key: as it now stands, with the first status. */
  const signupAgain = (c: Context<ApiEnv>) => async (id: string, status: 200 | 201) => {
    const signup = await findSignup(c.var.db, id);
    if (!signup) throw notFound(`No signup ${id}.`);
    c.header("Location", `/api/signups/${id}`);
    return answer(c, await settled(c.var.db, signup, c.var.now), status);
  };

  routes.post("/signups", (c) => {
    const session = requireSession(c);
    return idempotent(c, session.user.id, { type: "signups", rerender: signupAgain(c) }, (key) =>
      holdPlaces(c, session, key),
    );
  });

  /** Holds places for the visitor: 201 with a new hold (its key recorded with it), 200 with theirs already there. */
  async function holdPlaces(
    c: Context<ApiEnv>,
    session: Session,
    key: IdempotencyKey | undefined,
  ): Promise<FirstAnswer> {
    const { db, now } = c.var;
    const { attributes, relationships } = await readResource(c, "signups", holdRequest, {
      appointment: "appointments",
      event: "events",
    });
    const pointer = relationships.appointment ? "/data/relationships/appointment" : "/data/relationships/event";
    if (!relationships.appointment === !relationships.event) {
      throw new ApiError({
        status: 400,
        code: "invalid-relationship",
        title: "Invalid document",
        detail: "Give the appointment, or for an event that takes signups as a whole, the event.",
        source: { pointer: "/data/relationships" },
      });
    }
    const unknown = () =>
      new ApiError({
        status: 404,
        code: "not-found",
        title: "Not found",
        detail: "No such appointment or event.",
        source: { pointer },
      });
    let appointmentId = relationships.appointment;
    if (relationships.event) {
      if (!isUuid(relationships.event)) throw unknown();
      appointmentId = await implicitAppointmentOf(db, relationships.event.toLowerCase());
      if (!appointmentId) {
        throw new ApiError({
          status: 400,
          code: "invalid-relationship",
          title: "Invalid document",
          detail: "This event takes signups per appointment: give the appointment.",
          source: { pointer },
        });
      }
    }
    if (!appointmentId || !isUuid(appointmentId)) throw unknown();
    const target = await appointmentWithEvent(db, appointmentId.toLowerCase());
    if (!target || target.event.status === "draft") throw unknown();
    const { appointment, event } = target;

    const places = attributes.places ?? 1;
    const attempt = async (placesTaken: number) => {
      const availability = appointmentAvailability({
        now,
        eventStatus: event.status,
        signupOpensAt: event.signupOpensAt,
        signupClosesAt: event.signupClosesAt,
        signupDeadline: appointment.signupDeadline,
        startsAt: appointment.startsAt,
        capacity: appointment.capacity,
        // Whether places are left is for the count below and, finally, the conditional update.
        placesTaken: 0,
      });
      const transition = hold({
        id: crypto.randomUUID(),
        actor: userActor(session),
        availability: availability.state,
        holdMinutes: event.holdMinutes,
        now,
        places,
        maxPerSignup: event.participantsPerSignup,
      });
      // A count read a moment ago may refuse (the places were gone then) but never accepts: only
      // the conditional update in holdSignup takes places, so a full appointment is never locked
      // by the visitors it has to turn away.
      if (placesTaken + places > appointment.capacity) return { outcome: "sold-out" as const };
      return holdSignup(db, {
        transition,
        eventId: event.id,
        appointmentId: appointment.id,
        locale: c.var.locale,
        ...(key ? { key } : {}),
      });
    };
    let result = await refusing(() => attempt(appointment.placesTaken));
    if (result.outcome === "sold-out") {
      // What stands on the full appointment came with the refused hold; a refusal from the count asks.
      const full =
        "hasLapsed" in result ? result : await fullAppointmentCheck(db, appointment.id, session.user.id, now);
      const ownHold = full.ownHoldId ? await findSignup(db, full.ownHoldId) : undefined;
      if (ownHold) {
        // The visitor's own hold still counts as theirs when the rest has gone.
        result = { outcome: "existing", signup: ownHold };
      } else if (full.hasLapsed) {
        // Places held by lapsed holds are free: release this appointment's, then try once more.
        await expireLapsedSignups(db, now, { appointmentId: appointment.id, expire: (signup) => expire(signup, now) });
        result = await refusing(() => attempt(0));
      }
    }
    if (result.outcome === "sold-out") {
      throw new ApiError({ status: 409, code: "sold-out", title: "Sold out", detail: "There are no places left." });
    }
    const { signup } = result;
    c.header("Location", `/api/signups/${signup.id}`);
    if (result.outcome === "existing") {
      return { response: await answer(c, signup), resourceId: signup.id, created: false };
    }
    // A new hold has no participants or stays yet: its view needs no further read.
    const view: SignupView = {
      signup: result.signup,
      appointment,
      event,
      participants: [],
      stayBookings: [],
      roomTypes: new Map(),
    };
    const response = document(c, { data: signupResource(view, now), included: includedOf([view], context(c)) }, 201);
    return { response, resourceId: signup.id, created: true };
  }

  routes.get("/signups", async (c) => {
    const session = requireSession(c);
    const { db, now } = c.var;
    const own = await Promise.all((await signupsOfUser(db, session.user.id)).map((signup) => settled(db, signup, now)));
    const all = await views(db, own);
    c.header("Cache-Control", "private, no-store");
    return document(c, { data: all.map((view) => signupResource(view, now)), included: includedOf(all, context(c)) });
  });

  routes.get("/signups/:id", async (c) => {
    const { signup } = await ownSignup(c);
    c.header("Cache-Control", "private, no-store");
    return answer(c, signup);
  });

  routes.patch("/signups/:id", async (c) => {
    const { session, signup } = await ownSignup(c);
    const input = await readAttributes(c, "signups", signupChange);
    const { db, now } = c.var;
    const [view] = await views(db, [signup]);
    if (!view) throw new Error("no view");
    const actor = userActor(session);
    if (input.state === "cancelled") {
      let owed: PaymentRecord | undefined;
      const changed = await change(c, signup, async (tx, locked) => {
        const transition = cancel(snapshotOf(locked, view.participants.length), actor, now, {
          confirmedCancellable: confirmedCancellable(view.event, view.appointment, now),
        });
        await releaseHoldings(tx, locked);
        if (locked.state === "confirmed") {
          owed = await owedOnCancel(tx, { ...view, signup: locked }, now, publicOrigin(c));
        }
        return applyTransition(tx, transition);
      });
      if (owed) {
        c.var.mailQueued();
        await refundOwed(db, c.var.payments, owed, now, options.logger);
      }
      return answer(c, changed);
    }
    const offered = view.event.paymentMethods.filter((method) => liveMethods(c).includes(method));
    const missing = [
      ...(input.paymentMethod ? [] : [invalidAttribute("paymentMethod", "required", "Choose how to pay.")]),
      ...(input.paymentMethod && !offered.includes(input.paymentMethod)
        ? [invalidAttribute("paymentMethod", "not-offered", `This event takes payments by ${offered.join(", ")}.`)]
        : []),
      ...(input.termsAccepted ? [] : [invalidAttribute("termsAccepted", "required", "Accept the terms.")]),
    ];
    if (missing.length > 0) throw new ApiErrors(missing);
    if (!priceOf(view, now)) {
      throw new ApiError({
        status: 409,
        code: "closed",
        title: "Refused",
        detail: "This appointment's prices have ended.",
      });
    }
    const changed = await change(c, signup, async (tx, locked) => {
      const transition = submit(snapshotOf(locked, view.participants.length), actor, now, {
        paymentTermDays: view.event.paymentTermDays,
        method: input.paymentMethod ?? "bank-transfer",
      });
      const submitted = await applyTransition(tx, transition, {
        paymentMethod: input.paymentMethod ?? null,
        termsAcceptedAt: now,
      });
      await queueAwaitingPaymentMail(c, tx, { ...view, signup: submitted });
      return submitted;
    });
    c.var.mailQueued();
    return answer(c, changed);
  });

  routes.patch("/signups/:id/participants", async (c) => {
    const { session, signup } = await ownSignup(c);
    const { db, now } = c.var;
    const target = (await appointmentsWithEvents(db, [signup.appointmentId])).get(signup.appointmentId);
    if (!target) throw new Error("no appointment");
    const people = await readCollection(c, "participants", participantInput, 50);
    await checkParticipants(db, signup, target, people);
    const changed = await change(c, signup, async (tx, locked) => {
      const transition = updateParticipants(snapshotOf(locked, 0), userActor(session), now, {
        count: people.length,
        maxPerSignup: target.event.participantsPerSignup,
      });
      await changePlaces(tx, locked.appointmentId, transition.signup.places - locked.places);
      await replaceParticipants(
        tx,
        locked.id,
        people.map((person) => participantRow(person, now)),
      );
      return applyTransition(tx, transition);
    });
    return answer(c, changed);
  });

  routes.patch("/signups/:id/stay-bookings", async (c) => {
    const { session, signup } = await ownSignup(c);
    const { db, now } = c.var;
    const bookings = await readCollection(c, "stay-bookings", stayBookingInput, 10);
    await checkStayBookings(db, signup, bookings);
    const changed = await change(c, signup, async (tx, locked) => {
      const transition = chooseStays(snapshotOf(locked, 0), userActor(session), now);
      await replaceStayBookings(tx, locked.id, bookings);
      return applyTransition(tx, transition, { staysChosen: true });
    });
    return answer(c, changed);
  });

  routes.post("/signups/:id/certificates", async (c) => {
    const { session, signup } = await ownSignup(c);
    await refusing(async () => checkEditable(snapshotOf(signup, 0), userActor(session), c.var.now));
    const file = await readCertificate(c.req.raw);
    const stored = await insertCertificate(c.var.db, {
      userId: session.user.id,
      signupId: signup.id,
      fileName: uploadedFileName(c.req.raw),
      ...file,
    });
    c.header("Location", `/api/signups/${signup.id}/certificates/${stored.id}`);
    return document(c, { data: certificateResource(signup.id, stored) }, 201);
  });

  routes.get("/signups/:id/certificates/:certificateId", async (c) => {
    const { signup } = await ownSignup(c);
    const id = c.req.param("certificateId");
    const file = isUuid(id) ? await findCertificate(c.var.db, id.toLowerCase()) : undefined;
    const content = file && (await certificateContent(c.var.db, file.id, signup.id));
    if (!file || !content) throw notFound(`No certificate ${id} in this signup.`);
    return c.body(new Uint8Array(content), 200, {
      "Content-Type": file.mediaType,
      "Content-Disposition": `attachment; filename="${file.fileName.replaceAll('"', "")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  });

  routes.get("/signups/:id/calendar", async (c) => {
    const { signup } = await ownSignup(c);
    if (signup.state !== "confirmed") {
      throw new ApiError({
        status: 409,
        code: "wrong-state",
        title: "Refused",
        detail: "Only a confirmed signup has a calendar entry.",
      });
    }
    const [view] = await views(c.var.db, [signup]);
    if (!view) throw new Error("no view");
    return c.body(signupCalendar(view, c.var.locale, c.var.now), 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${view.event.slug}.ics"`,
      "Cache-Control": "private, no-store",
    });
  });

  routes.get("/users/me/participants", async (c) => {
    const session = requireSession(c);
    const people = await pastParticipants(c.var.db, session.user.id);
    c.header("Cache-Control", "private, no-store");
    return document(c, {
      data: people.map((person) => participantResource({ ...person, certificateId: null, certificateExpiresOn: null })),
    });
  });

  return routes;
}
