/**
 * Why the product says no: a stable code per reason, the one error class of the domain and of the use
 * cases (packages/usecases). The HTTP layer maps each code to its answer once
 * (packages/api/src/refusals.ts), so every refusal reaches a client as a JSON:API error, never a 500.
 */
export const REFUSAL_CODES = [
  // A signup's rules (signup.ts).
  "not-open",
  "closed",
  "sold-out",
  "not-eligible",
  "not-owner",
  "hold-lapsed",
  "wrong-state",
  "no-participants",
  "too-many-participants",
  "not-cancellable",
  // An athlete withdrawn from a club's signup (athlete-withdrawal.ts).
  "last-participant",
  // A medical certificate's file (packages/usecases/src/signups/pdf-active-content.ts).
  "certificate-active-content",
  // Payments.
  "already-paid",
  "method-not-offered",
  "provider-unavailable",
  "invalid-signature",
  "invalid-notification",
  "not-organiser",
  // The organiser's console.
  "not-staff",
  "capacity-below-taken",
  "rooms-below-booked",
  "has-signups",
  "already-checked-in",
  "check-in-not-open",
  "certificate-not-approved",
  // A club's athlete who has not given their own part (docs/decisions/068-club-entries.md).
  "participant-incomplete",
  "bib-taken",
  "not-confirmed",
  "own-role",
  "last-organiser",
  "not-an-image",
  "file-too-large",
  "cover-too-large",
  // Publishing an event (publishing.ts).
  "not-publishable",
  "capacity-large-unconfirmed",
  // A course's GPX (course.ts, docs/decisions/030-courses.md).
  "gpx-not-xml",
  "gpx-no-track",
  "gpx-too-large",
  "gpx-doctype",
  "gpx-too-many-points",
  "gpx-too-deep",
  // Results (raw-times.ts, timing-file.ts).
  "timing-file-unreadable",
  "results-changed",
  // A timing company's spreadsheet (packages/usecases/src/results/timing-xlsx.ts).
  "file-unreadable",
  "workbook-too-large",
  // Federation card lists (packages/usecases/src/cards/).
  "card-list-changed",
  // A club's entry (club-entry.ts, docs/decisions/068).
  "not-enough-places",
  "too-many-athletes",
  "already-signed-up",
  // The waiting list (waiting-list.ts).
  "not-sold-out",
  "waiting-list-closed",
  "already-waiting",
  // "Notify me" asked where signups are open already.
  "already-open",
  // The waiting room of an opening (waiting-room.ts, docs/decisions/072).
  "queue-not-open",
  "opening-required",
  "queue-pass-required",
  "queue-pass-invalid",
  "queue-pass-expired",
  "queue-pass-used",
  // Transfers (transfer.ts).
  "transfers-closed",
  // Discount codes (discount-code.ts).
  "code-unknown",
  "code-not-yet-valid",
  "code-expired",
  "code-not-valid-here",
  "code-used-up",
  "code-per-person-limit",
  "code-members-only",
  "code-in-use",
  // Accounts.
  "email-taken",
  "invalid-credentials",
  "invalid-token",
  "not-invitee",
  "too-many-requests",
  // What a request names or gives.
  "not-found",
  "invalid-relationship",
  "invalid-input",
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

/**
 * Where in what was given a problem lies: an attribute or a relationship, of the one resource given
 * or of the `index`-th of several; neither names the resource (or the list) as a whole.
 */
export interface Field {
  attribute?: string;
  relationship?: string;
  index?: number;
}

/**
 * One field's problem, among those an `invalid-input` refusal reports all at once (and a
 * `not-publishable` one: what stops an event being published).
 */
export interface FieldProblem extends Field {
  /** What the surfaces translate: `required`, `too-young`, `invalid-certificate`… */
  code: string;
  detail: string;
  /** What the client may show besides the code (`not-publishable`: the appointment it is about). */
  meta?: Record<string, unknown>;
}

export class Refusal extends Error {
  override name = "Refusal";
  readonly code: RefusalCode;
  /** The field the refusal is about, when it is about one. */
  readonly field: Field | undefined;
  /** For `invalid-input` and `not-publishable`: every problem found, each on its field. */
  readonly problems: readonly FieldProblem[];
  /** For `too-many-requests`: when to try again. */
  readonly retryAfterSeconds: number | undefined;
  /** What the client may show besides the code (`already-checked-in`: when). */
  readonly meta: Record<string, unknown> | undefined;

  constructor(
    code: RefusalCode,
    message: string,
    options: {
      field?: Field;
      problems?: readonly FieldProblem[];
      retryAfterSeconds?: number;
      meta?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.field = options.field;
    this.problems = options.problems ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.meta = options.meta;
  }
}

/** Refuses with `code`: for the rules that stop a verb. */
export function refuse(code: RefusalCode, message: string, options?: ConstructorParameters<typeof Refusal>[2]): never {
  throw new Refusal(code, message, options);
}

/** Refuses what was given when it has problems, all of them at once; does nothing when it has none. */
export function refuseProblems(problems: readonly FieldProblem[], message = "What was given has problems."): void {
  if (problems.length > 0) throw new Refusal("invalid-input", message, { problems });
}

/** Whether `error` is a refusal, of one of `codes` when given. */
export function isRefusal(error: unknown, ...codes: RefusalCode[]): error is Refusal {
  return error instanceof Refusal && (codes.length === 0 || codes.includes(error.code));
}
