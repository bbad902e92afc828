import type { Field, Refusal, RefusalCode } from "@sports/domain";
import type { ErrorObject } from "@sports/jsonapi";
import { errorObject, HttpError } from "./errors.ts";

/**
 * How each refusal of the product (packages/domain/src/refusal.ts) answers over HTTP: the one
 * mapping, used by the API's error handler (app.ts) for whatever a use case refuses. A code missing
 * here fails the type check, so no refusal can reach a client as a 500.
 */
const ANSWERS: Record<RefusalCode, { status: number; title: string; detail?: string }> = {
  "not-open": { status: 409, title: "Refused" },
  closed: { status: 409, title: "Refused" },
  "sold-out": { status: 409, title: "Sold out" },
  "not-eligible": { status: 409, title: "Refused" },
  "not-owner": { status: 403, title: "Not yours" },
  "hold-lapsed": { status: 409, title: "Refused" },
  "wrong-state": { status: 409, title: "Refused" },
  "no-participants": { status: 409, title: "Refused" },
  "too-many-participants": { status: 409, title: "Refused" },
  "not-cancellable": { status: 409, title: "Refused" },
  "last-participant": {
    status: 409,
    title: "Refused",
    detail: "This is the entry's last athlete: cancel the entry instead.",
  },
  "certificate-active-content": { status: 422, title: "PDF with active content" },
  "already-paid": { status: 409, title: "Refused" },
  "method-not-offered": { status: 409, title: "Refused" },
  "provider-unavailable": { status: 502, title: "Try again" },
  // What a provider's notification got wrong is logged, not told to whoever sent it.
  "invalid-signature": { status: 400, title: "Refused", detail: "The signature does not hold." },
  "invalid-notification": {
    status: 400,
    title: "Unreadable",
    detail: "The notification is signed but the site cannot read it.",
  },
  "not-organiser": { status: 403, title: "Not an organiser" },
  "not-staff": { status: 403, title: "Not on the organiser's team" },
  "capacity-below-taken": {
    status: 409,
    title: "Refused",
    detail: "The capacity cannot go below the places already taken.",
  },
  "rooms-below-booked": {
    status: 409,
    title: "Refused",
    detail: "The rooms cannot go below the rooms already booked.",
  },
  "has-signups": { status: 409, title: "Refused", detail: "It has signups: cancel it instead." },
  "already-checked-in": { status: 409, title: "Already checked in" },
  "check-in-not-open": { status: 409, title: "Check-in not open" },
  "certificate-not-approved": { status: 409, title: "Certificate not approved" },
  "participant-incomplete": { status: 409, title: "Own part missing" },
  // The places left are in `meta.remaining`.
  "not-enough-places": { status: 409, title: "Not enough places" },
  "too-many-athletes": {
    status: 422,
    title: "Too many athletes",
    detail: "A club's entry holds at most 500 athletes: enter the others as another entry.",
  },
  "already-signed-up": {
    status: 409,
    title: "Already signed up",
    detail: "Some athletes were signed up meanwhile: the entry's preview now shows them.",
  },
  "not-sold-out": { status: 409, title: "Refused", detail: "There are places left: sign up instead." },
  "already-open": { status: 409, title: "Refused", detail: "Signups are open: sign up now." },
  "waiting-list-closed": { status: 409, title: "Refused", detail: "This appointment has no waiting list." },
  "already-waiting": { status: 409, title: "Refused", detail: "You are already in this appointment's line." },
  "queue-not-open": { status: 409, title: "Refused", detail: "The waiting room is not open yet." },
  "opening-required": { status: 422, title: "Invalid attribute", detail: "A waiting room needs a signup opening." },
  "queue-pass-required": { status: 403, title: "Queue pass required" },
  "queue-pass-invalid": { status: 403, title: "Queue pass invalid" },
  "queue-pass-expired": { status: 403, title: "Queue pass expired" },
  "queue-pass-used": { status: 403, title: "Queue pass used" },
  "transfers-closed": { status: 409, title: "Refused", detail: "This event no longer takes transfers." },
  "code-unknown": { status: 422, title: "Unknown code", detail: "There is no such discount code for this event." },
  "code-not-yet-valid": { status: 422, title: "Code not valid yet" },
  "code-expired": { status: 422, title: "Code expired" },
  "code-not-valid-here": { status: 422, title: "Code not valid here" },
  "code-used-up": { status: 409, title: "Code used up", detail: "This discount code has no uses left." },
  "code-per-person-limit": { status: 409, title: "Code already used" },
  "code-members-only": { status: 422, title: "Members only" },
  "code-in-use": { status: 409, title: "Refused", detail: "This code has been used: switch it off instead." },
  "bib-taken": { status: 409, title: "Refused", detail: "This bib number is already given in this event." },
  "not-confirmed": { status: 409, title: "Not confirmed", detail: "The participant's signup is not confirmed." },
  "own-role": { status: 409, title: "Refused", detail: "An organiser does not change their own role." },
  "last-organiser": { status: 409, title: "Refused", detail: "The team keeps at least one organiser." },
  "not-an-image": {
    status: 415,
    title: "Not an image",
    detail: "Send a JPEG, PNG or WebP image: its content decides, not its name or Content-Type.",
  },
  // The message says which file and its limit (a cover, a timing file, a card list…).
  "file-too-large": { status: 413, title: "File too large" },
  "cover-too-large": {
    status: 413,
    title: "Image too large",
    detail: "A cover image may have at most 40 megapixels (its width times its height).",
  },
  "not-publishable": { status: 422, title: "Not ready to publish" },
  "capacity-large-unconfirmed": {
    status: 409,
    title: "Confirm the capacity",
    detail: 'A capacity is over ten times the largest of the earlier races: send meta.confirm ["capacity-large"].',
  },
  "timing-file-unreadable": {
    status: 422,
    title: "Timing file unreadable",
    detail: "Send the timing file as CSV, XLSX or IOF XML 3.0, with a header row.",
  },
  "results-changed": {
    status: 409,
    title: "Results changed",
    detail: "The results changed since this preview: look at the new preview, then apply it.",
  },
  "gpx-not-xml": {
    status: 422,
    title: "Not a GPX file",
    detail: "The file is not well-formed XML with a <gpx> root: export the course again as GPX.",
  },
  "gpx-no-track": {
    status: 422,
    title: "No track in the GPX",
    detail: "The GPX has no track (<trk>) or route (<rte>) with at least two points.",
  },
  "gpx-too-large": { status: 413, title: "File too large", detail: "A GPX file may be at most 5 MB." },
  "gpx-doctype": {
    status: 422,
    title: "DOCTYPE not allowed",
    detail: "A GPX file may not contain a <!DOCTYPE> or <!ENTITY> declaration.",
  },
  "gpx-too-many-points": {
    status: 422,
    title: "Too many points",
    detail: "A course may have at most 200,000 track points: simplify the track before uploading it.",
  },
  "gpx-too-deep": {
    status: 422,
    title: "Nested too deep",
    detail: "A GPX file's elements may nest at most 32 deep: export the course again as GPX.",
  },
  // The message says what was wrong with the file and what to send instead.
  "file-unreadable": { status: 422, title: "File not readable" },
  "workbook-too-large": { status: 413, title: "Workbook too large" },
  "card-list-changed": {
    status: 409,
    title: "Card list changed",
    detail: "The event's list of these cards changed since this preview: upload the file again, then apply it.",
  },
  "email-taken": { status: 409, title: "E-mail already registered" },
  "invalid-credentials": { status: 401, title: "Wrong e-mail or password" },
  "invalid-token": { status: 404, title: "Link not valid" },
  "not-invitee": { status: 403, title: "Invitation for another address" },
  "too-many-requests": { status: 429, title: "Too many attempts" },
  "not-found": { status: 404, title: "Not found" },
  "invalid-relationship": { status: 400, title: "Invalid document" },
  "invalid-input": { status: 400, title: "Invalid attribute" },
};

/** Where in a request's document a field is: `/data[/index]/attributes/x` or `/data[/index]/relationships/x`. */
export function pointerOf(field: Field): string {
  const resource = field.index === undefined ? "/data" : `/data/${field.index}`;
  if (field.attribute !== undefined) return `${resource}/attributes/${field.attribute}`;
  if (field.relationship !== undefined) return `${resource}/relationships/${field.relationship}`;
  return resource;
}

/**
 * A refusal as the HTTP answer: its status, one error object (or one per field problem, with the
 * problem's own `meta`), its headers.
 */
export function httpErrorOf(refusal: Refusal): HttpError {
  const { status, title, detail } = ANSWERS[refusal.code];
  const objects: ErrorObject[] =
    refusal.problems.length > 0
      ? refusal.problems.map((problem) => ({
          ...errorObject({
            status,
            code: problem.code,
            title,
            detail: problem.detail,
            source: { pointer: pointerOf(problem) },
          }),
          ...(problem.meta ? { meta: problem.meta } : {}),
        }))
      : [
          errorObject({
            status,
            code: refusal.code,
            title,
            detail: detail ?? refusal.message,
            ...(refusal.field ? { source: { pointer: pointerOf(refusal.field) } } : {}),
          }),
        ];
  if (refusal.meta && objects[0]) objects[0] = { ...objects[0], meta: refusal.meta };
  const headers: Record<string, string> =
    refusal.retryAfterSeconds === undefined ? {} : { "Retry-After": String(refusal.retryAfterSeconds) };
  return new HttpError(status, objects, headers);
}
