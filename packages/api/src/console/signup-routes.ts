import { CERTIFICATE_STATUSES, type CertificateStatus, SIGNUP_STATES } from "@sports/domain";
import {
  addSignupNote,
  cancelSignupAsOrganiser,
  consoleSignup,
  listSignups,
  NOTE_MAX_LENGTH,
  PAYMENT_STANDINGS,
  refundSignup,
  resendSignupMail,
  SIGNUP_LIST_SORTS,
  type SignupListSort,
} from "@sports/usecases";
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { readAttributes } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { invalidParameter } from "../errors.ts";
import { paginationLinks, parseQuery } from "../query.ts";
import { document, metaDocument } from "../respond.ts";
import { organiserOnly, teamActor } from "./actor.ts";
import { consoleCertificateRoutes } from "./certificate-routes.ts";
import { idOf, oneOf } from "./signup-params.ts";
import { consoleParticipantResource, consoleSignupResource, signupRowResource } from "./signup-serializers.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

function searchText(value: string, parameter: string): string {
  const text = value.trim();
  if (text.length < 1 || text.length > 100) throw invalidParameter(parameter, "Search for 1 to 100 characters.");
  return text;
}

interface SignupFilters {
  state: (typeof SIGNUP_STATES)[number];
  payment: (typeof PAYMENT_STANDINGS)[number];
  certificate: CertificateStatus;
  q: string;
}

const SIGNUP_LIST_SPEC = {
  filters: {
    state: oneOf(SIGNUP_STATES),
    payment: oneOf(PAYMENT_STANDINGS),
    certificate: oneOf(CERTIFICATE_STATUSES),
    q: searchText,
  },
  sortFields: SIGNUP_LIST_SORTS,
  includes: ["participants"],
  paginated: true,
};

/**
 * The console's signups over HTTP (docs/api.md#the-organisers-console): the lists of an appointment
 * and of an event, a signup's whole record, and the organiser's actions on it; the participants'
 * certificates are certificate-routes.ts.
 */
export function consoleSignupRoutes() {
  const routes = new Hono<ApiEnv>();

  async function answerList(c: Context<ApiEnv>, scope: { appointmentId: string } | { eventId: string }) {
    const actor = teamActor(c);
    const query = parseQuery<SignupFilters>(c.var.url, SIGNUP_LIST_SPEC);
    const sort = query.sort[0] ?? { field: "created", descending: true };
    const list = await listSignups(c.var.deps, actor, {
      scope,
      ...query.filters,
      sort: { field: sort.field as SignupListSort, descending: sort.descending },
      offset: (query.page.number - 1) * query.page.size,
      limit: query.page.size,
      withParticipants: query.include.has("participants"),
    });
    c.header("Cache-Control", PRIVATE["Cache-Control"]);
    return document(c, {
      data: list.rows.map((row) =>
        signupRowResource(
          row,
          query.include.has("participants") ? list.participants.filter((p) => p.signupId === row.id) : undefined,
        ),
      ),
      ...(query.include.has("participants") ? { included: list.participants.map(consoleParticipantResource) } : {}),
      meta: { total: list.total },
      links: paginationLinks(c.var.url, query.page, list.total),
    });
  }

  routes.get("/appointments/:id/signups", (c) => answerList(c, { appointmentId: idOf(c) }));
  routes.get("/events/:id/signups", (c) => answerList(c, { eventId: idOf(c) }));

  routes.get("/console/signups/:id", async (c) => {
    const record = await consoleSignup(c.var.deps, teamActor(c), { signupId: idOf(c) });
    c.header("Cache-Control", PRIVATE["Cache-Control"]);
    return document(c, {
      data: consoleSignupResource(record),
      included: record.participants.map(consoleParticipantResource),
    });
  });

  routes.post("/console/signups/:id/notes", async (c) => {
    const actor = organiserOnly(c);
    const { text } = await readAttributes(
      c,
      "signup-notes",
      z.strictObject({ text: z.string().min(1).max(NOTE_MAX_LENGTH) }),
    );
    const note = await addSignupNote(c.var.deps, actor, { signupId: idOf(c), text });
    return document(
      c,
      {
        data: {
          type: "signup-notes",
          id: note.id,
          attributes: { text: note.text, at: note.at.toISOString(), authorUserId: note.authorUserId },
        },
      },
      201,
    );
  });

  routes.post("/console/signups/:id/refunds", async (c) => {
    const actor = organiserOnly(c);
    const { amount } = await readAttributes(
      c,
      "refunds",
      z.strictObject({ amount: z.number().int().positive().optional() }),
    );
    const payment = await refundSignup(c.var.deps, actor, {
      signupId: idOf(c),
      ...(amount !== undefined ? { amount } : {}),
    });
    return metaDocument(c, {
      payment: payment.id,
      amount: payment.amount,
      refundDue: payment.refundDue,
      refundedAmount: payment.refundedAmount,
      currency: payment.currency,
    });
  });

  routes.post("/console/signups/:id/cancellation", async (c) => {
    const actor = organiserOnly(c);
    await readAttributes(c, "cancellations", z.strictObject({}));
    const view = await cancelSignupAsOrganiser(c.var.deps, actor, { signupId: idOf(c) });
    return metaDocument(c, { state: view.signup.state });
  });

  routes.post("/console/signups/:id/mails", async (c) => {
    const actor = organiserOnly(c);
    const { copyOf } = await readAttributes(c, "outgoing-mails", z.strictObject({ copyOf: z.string().max(100) }));
    const { mailId } = await resendSignupMail(c.var.deps, actor, { signupId: idOf(c), mailId: copyOf });
    return metaDocument(c, { mail: mailId }, 202);
  });

  // The participants' certificates: listed, reviewed, opened.
  routes.route("/", consoleCertificateRoutes());

  return routes;
}
