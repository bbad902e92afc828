import {
  ApiError,
  type AppointmentAttributes,
  clubEntryPath,
  type DataDocument,
  type EventAttributes,
  type MissingPartsAttributes,
  type ResourceObject,
  type SignupAttributes,
} from "@sports/jsonapi";
import { data, type RouterContextProvider, redirect } from "react-router";
import { languageContext, siteContext } from "../context.ts";
import { readApi, refusalAnswer } from "../lib/api.ts";
import { includedOf } from "../lib/records.ts";
import { type ClubEntry, clubEntryOf, participantFromForm, type RowParticipant } from "./club-entry.ts";
import { placeOf, signupPath } from "./paths.ts";

/*
 * What a club's entry's page asks of the API (docs/decisions/068-club-entries.md): its preview, a
 * row fixed in place, the hold, and once held who is still missing their own part. A new entry is
 * made from the club's page (club-entry-new.server.ts).
 */

type Context = Readonly<RouterContextProvider>;

/** What an entry's page shows beside the entry: what it is for, and its signup once held. */
export interface ClubEntryPage {
  entry: ClubEntry;
  clubId: string;
  event: Pick<EventAttributes, "slug" | "title" | "timeZone"> & { id: string };
  appointment: Pick<AppointmentAttributes, "slug" | "title" | "startsAt" | "implicit" | "remaining">;
  /** The held entry's signup, as its account reads it; null before the hold or for another manager. */
  signup: { id: string; state: SignupAttributes["state"]; path: string } | null;
}

/** The entry (a manager's of `clubId`, else not found) with its appointment and event, and its signup once held. */
export async function readClubEntryPage(context: Context, clubId: string, entryId: string): Promise<ClubEntryPage> {
  const entry = clubEntryOf(await readApi<DataDocument>(context, `/api/club-entries/${encodeURIComponent(entryId)}`));
  // Another club's address for it: not found, as anything a manager of this club cannot see.
  if (entry.clubId !== null && entry.clubId !== clubId) throw data(null, { status: 404 });
  const document = await readApi<{ data: ResourceObject; included?: ResourceObject[] }>(
    context,
    `/api/appointments/${encodeURIComponent(entry.appointmentId ?? "")}`,
    { include: "event" },
  );
  const appointment = document.data.attributes as unknown as AppointmentAttributes;
  const event = includedOf<EventAttributes>(document, "events")[0];
  if (!event) throw new Error("The appointment's document names no event.");
  const place = placeOf(event.attributes, appointment);
  return {
    entry,
    clubId,
    event: {
      id: event.id,
      slug: event.attributes.slug,
      title: event.attributes.title,
      timeZone: event.attributes.timeZone,
    },
    appointment: {
      slug: appointment.slug,
      title: appointment.title,
      startsAt: appointment.startsAt,
      implicit: appointment.implicit,
      remaining: appointment.remaining,
    },
    signup: entry.signupId ? await signupOf(context, entry.signupId, signupPath(place, entry.signupId, "recap")) : null,
  };
}

/** The entry's signup where it stands; null when this account may not read it (another manager's). */
async function signupOf(context: Context, signupId: string, path: string): Promise<ClubEntryPage["signup"]> {
  const { api } = context.get(siteContext);
  try {
    const { document } = await api.get<DataDocument<ResourceObject>>(`/api/signups/${encodeURIComponent(signupId)}`, {
      keep: false,
    });
    return { id: signupId, state: (document.data.attributes as unknown as SignupAttributes).state, path };
  } catch (error) {
    if (ApiError.is(error) && (error.status === 404 || error.status === 403)) return null;
    throw error;
  }
}

/** An athlete of the held entry still missing a part of their own (`GET /api/club-entries/{id}/missing`). */
export type MissingPart = MissingPartsAttributes;

export async function missingParts(context: Context, entryId: string): Promise<MissingPart[]> {
  const document = await readApi<{ data: { attributes: MissingPartsAttributes }[] }>(
    context,
    `/api/club-entries/${encodeURIComponent(entryId)}/missing`,
  );
  return document.data.map((resource) => resource.attributes);
}

/** What asking for an athlete's link again answers: sent, or the refusal's code (and when to try again). */
export interface ResendAnswer {
  intent: "resend";
  participantId: string;
  sent?: boolean;
  code?: string;
  retryAfterSeconds?: number;
}

/** `POST /api/club-entries/{id}/missing/{participantId}/link`: the athlete's link mailed again. */
export async function resendLink(context: Context, entryId: string, formData: FormData): Promise<ResendAnswer> {
  const participantId = String(formData.get("participantId") ?? "");
  const { api } = context.get(siteContext);
  try {
    await api.post(
      `/api/club-entries/${encodeURIComponent(entryId)}/missing/${encodeURIComponent(participantId)}/link`,
      undefined,
      { keep: false },
    );
  } catch (error) {
    if (!ApiError.is(error) || error.status >= 500 || error.status === 401) throw error;
    const retryAfter = Number(error.headers?.get("retry-after"));
    return {
      intent: "resend",
      participantId,
      code: error.errors[0]?.code ?? "invalid",
      ...(retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
    };
  }
  return { intent: "resend", participantId, sent: true };
}

/** What a row's fix answers: the row, and for a refusal the values typed and each problem's code at its field. */
export interface FixAnswer {
  intent: "fix";
  line: number;
  fixed?: boolean;
  values?: RowParticipant;
  errors?: Partial<Record<string, string[]>>;
  formErrors?: string[];
}

/** `PATCH /api/club-entries/{id}` with the row's fields as typed: checked again, the page shows the new preview. */
export async function fixRow(context: Context, entryId: string, formData: FormData): Promise<FixAnswer> {
  const line = Number(formData.get("line"));
  const participant = participantFromForm(formData);
  const { api } = context.get(siteContext);
  const { locale } = context.get(languageContext);
  try {
    await api.patch(
      `/api/club-entries/${encodeURIComponent(entryId)}`,
      { data: { type: "club-entries", id: entryId, attributes: { rows: [{ line, participant }] } } },
      { query: { locale }, keep: false },
    );
  } catch (error) {
    if (!ApiError.is(error) || error.status >= 500 || error.status === 401) throw error;
    if (error.status === 403 || error.status === 404) throw refusalAnswer(error, context.get(languageContext).prefix);
    const errors: Record<string, string[]> = {};
    const formErrors: string[] = [];
    for (const problem of error.errors) {
      const field = /\/participant\/(\w+)$/.exec(problem.source?.pointer ?? "")?.[1];
      if (field && field in participant) errors[field] = [...(errors[field] ?? []), problem.code ?? "invalid"];
      else formErrors.push(problem.code ?? "invalid");
    }
    return { intent: "fix", line, values: participant, errors, formErrors };
  }
  return { intent: "fix", line, fixed: true };
}

/** What the hold answers when it is refused: the code, and the places left when they are too few. */
export interface HoldAnswer {
  intent: "hold";
  code: string;
  remaining?: number;
}

/** Holds the entry's valid rows as one signup of the club, then on to its recap. */
export async function holdEntry(context: Context, page: ClubEntryPage): Promise<HoldAnswer> {
  const { api } = context.get(siteContext);
  const { locale, prefix } = context.get(languageContext);
  const { entry } = page;
  let held: ClubEntry;
  try {
    const answer = await api.patch(
      `/api/club-entries/${encodeURIComponent(entry.id)}`,
      { data: { type: "club-entries", id: entry.id, attributes: { state: "held" } } },
      { query: { locale }, keep: false },
    );
    held = clubEntryOf(answer.document as DataDocument);
  } catch (error) {
    if (!ApiError.is(error) || error.status >= 500 || error.status === 401) throw error;
    if (error.status === 403 || error.status === 404) throw refusalAnswer(error, prefix);
    const problem = error.errors[0];
    const remaining = (problem?.meta as { remaining?: unknown } | undefined)?.remaining;
    return {
      intent: "hold",
      code: problem?.code ?? "invalid",
      ...(typeof remaining === "number" ? { remaining } : {}),
    };
  }
  const place = placeOf(page.event, page.appointment);
  throw redirect(
    prefix + (held.signupId ? signupPath(place, held.signupId, "recap") : clubEntryPath(page.clubId, entry.id)),
  );
}
