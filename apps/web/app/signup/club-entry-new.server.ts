import {
  ApiError,
  type AppointmentAttributes,
  type ClubAthleteAttributes,
  clubEntryPath,
  type DataDocument,
  type EventAttributes,
  type ResourceObject,
} from "@sports/jsonapi";
import { type RouterContextProvider, redirect } from "react-router";
import { languageContext, siteContext } from "../context.ts";
import { readApi, uploadFile } from "../lib/api.ts";
import { type EventList, includedOf } from "../lib/records.ts";
import { type ClubEntry, clubEntryOf } from "./club-entry.ts";

/*
 * What a club's page asks of the API for its entries (docs/decisions/068-club-entries.md): the
 * appointments open for signups, the roster to tick, the club's latest entries, and a new entry
 * from a roster file or the athletes ticked.
 */

type Context = Readonly<RouterContextProvider>;

/** A roster file's largest size (`CLUB_ROSTER_MAX_BYTES` of the API). */
export const ROSTER_MAX_BYTES = 5 * 1024 * 1024;

/** The media type the API reads a roster file by, from the file's name (browsers name CSV files variously). */
const ROSTER_TYPES: Record<string, string> = {
  csv: "text/csv",
  txt: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** An event whose appointments take signups now, each named and dated for the new entry's choice. */
export interface OpenEvent {
  title: string;
  timeZone: string;
  appointments: { id: string; title: string; startsAt: string; implicit: boolean }[];
}

/** The events still to come with an appointment open for signups, soonest first (the public catalogue). */
export async function openAppointments(context: Context): Promise<OpenEvent[]> {
  const list = await readApi<EventList & { included?: ResourceObject[] }>(context, "/api/events", {
    "filter[when]": "upcoming",
    include: "appointments",
    sort: "startsAt",
    "page[size]": 100,
  });
  const appointments = includedOf<AppointmentAttributes>(list, "appointments");
  return list.data.flatMap((event) => {
    const ids = event.relationships?.appointments?.data;
    const open = appointments.filter(
      (appointment) =>
        Array.isArray(ids) &&
        ids.some((linked) => linked.id === appointment.id) &&
        appointment.attributes.state === "open",
    );
    if (open.length === 0) return [];
    return [
      {
        title: event.attributes.title,
        timeZone: event.attributes.timeZone,
        appointments: open.map(({ id, attributes }) => ({
          id,
          title: attributes.title,
          startsAt: attributes.startsAt,
          implicit: attributes.implicit,
        })),
      },
    ];
  });
}

/** An athlete of the club's roster, to tick for a new entry (components/club-entry-new.tsx). */
export interface RosterPick {
  id: string;
  name: string;
  /** What tells two athletes of one name apart: the year of birth, the card. */
  detail: string;
}

/** The roster's pages read for the ticks: as many athletes as an entry holds. */
const ROSTER_PAGES = 5;

/** The club's roster by name, for ticking (`GET /api/clubs/{id}/athletes`, a hundred a page). */
export async function rosterPicks(context: Context, clubId: string): Promise<RosterPick[]> {
  const picks: RosterPick[] = [];
  for (let page = 1; page <= ROSTER_PAGES; page++) {
    const list = await readApi<{ data: ResourceObject[]; meta?: { total?: number } }>(
      context,
      `/api/clubs/${encodeURIComponent(clubId)}/athletes`,
      { "page[number]": page, "page[size]": 100 },
    );
    for (const { id, attributes } of list.data) {
      const athlete = (attributes ?? {}) as Partial<ClubAthleteAttributes>;
      picks.push({
        id,
        name: `${athlete.familyName ?? ""} ${athlete.givenName ?? ""}`.trim(),
        detail: [athlete.birthDate?.slice(0, 4), athlete.federationCard].filter(Boolean).join(" · "),
      });
    }
    if (list.data.length < 100 || picks.length >= (list.meta?.total ?? 0)) break;
  }
  return picks;
}

/** One of the club's entries, as the club's page lists them: for what, where it stands, how many athletes. */
export interface ClubEntryItem {
  id: string;
  state: ClubEntry["state"];
  createdAt: string;
  summary: ClubEntry["summary"];
  /** The race it is for, named as the new entry's choice names it; null when it cannot be read now. */
  race: { title: string; startsAt: string; timeZone: string } | null;
}

/** The club's entries listed, newest first: the latest few. */
const ENTRIES_LISTED = 10;

/** The club's latest entries (`GET /api/clubs/{id}/club-entries`), each with its race's name. */
export async function clubEntries(context: Context, clubId: string): Promise<ClubEntryItem[]> {
  const list = await readApi<{ data: ResourceObject[] }>(
    context,
    `/api/clubs/${encodeURIComponent(clubId)}/club-entries`,
  );
  const entries = list.data.slice(0, ENTRIES_LISTED).map((resource) => clubEntryOf({ data: resource }));
  const ids = [...new Set(entries.flatMap((entry) => entry.appointmentId ?? []))];
  const races = new Map(await Promise.all(ids.map(async (id) => [id, await raceOf(context, id)] as const)));
  return entries.map((entry) => ({
    id: entry.id,
    state: entry.state,
    createdAt: entry.createdAt,
    summary: entry.summary,
    race: (entry.appointmentId && races.get(entry.appointmentId)) || null,
  }));
}

/** An appointment's name as the club's page says it: its own title and its event's, or the event's alone. */
async function raceOf(context: Context, appointmentId: string): Promise<ClubEntryItem["race"]> {
  const { api } = context.get(siteContext);
  try {
    const { document } = await api.get<DataDocument<ResourceObject>>(
      `/api/appointments/${encodeURIComponent(appointmentId)}`,
      {
        query: { include: "event", locale: context.get(languageContext).locale },
        keep: false,
      },
    );
    const appointment = document.data.attributes as unknown as AppointmentAttributes;
    const event = includedOf<EventAttributes>(document as { included?: ResourceObject[] }, "events")[0]?.attributes;
    if (!event) return null;
    const title = appointment.implicit ? event.title : `${appointment.title}, ${event.title}`;
    return { title, startsAt: appointment.startsAt, timeZone: event.timeZone };
  } catch (error) {
    if (ApiError.is(error) && error.status < 500) return null;
    throw error;
  }
}

/** What the club's page needs for its entries' section: the open appointments, the roster to tick, the latest entries. */
export async function newEntryData(context: Context, clubId: string) {
  const [events, athletes, entries] = await Promise.all([
    openAppointments(context),
    rosterPicks(context, clubId),
    clubEntries(context, clubId),
  ]);
  return { events, athletes, entries };
}

/** What the new entry's form answers when it is refused: the problem's code at its field. */
export interface NewEntryAnswer {
  intent: "new-entry";
  errors: Partial<Record<"appointment" | "file" | "athletes", string>>;
  appointment: string;
}

/**
 * A new entry of the club for the appointment chosen: from the roster file when one is given (its
 * bytes as the request's body, `?club=`), else from the athletes ticked; on to its preview.
 */
export async function createClubEntry(context: Context, clubId: string, formData: FormData): Promise<NewEntryAnswer> {
  const appointment = String(formData.get("appointment") ?? "");
  const refused = (errors: NewEntryAnswer["errors"]): NewEntryAnswer => ({ intent: "new-entry", errors, appointment });
  const file = formData.get("file");
  const athletes = formData.getAll("athlete").map(String).filter(Boolean);
  const hasFile = file instanceof File && file.size > 0;
  if (!/^[\w-]{1,64}$/.test(appointment)) return refused({ appointment: "required" });
  if (!hasFile && athletes.length === 0) return refused({ file: "roster-required" });
  if (hasFile && file.size > ROSTER_MAX_BYTES) return refused({ file: "body-too-large" });
  let created: DataDocument;
  try {
    if (hasFile) {
      const extension = /\.([a-z]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? "";
      const typed = new File([file], file.name, { type: ROSTER_TYPES[extension] ?? file.type });
      const query = new URLSearchParams({ club: clubId });
      created = await uploadFile(
        context,
        `/api/appointments/${encodeURIComponent(appointment)}/club-entries?${query}`,
        typed,
      );
    } else {
      const { api } = context.get(siteContext);
      const answer = await api.post(
        `/api/appointments/${encodeURIComponent(appointment)}/club-entries`,
        {
          data: {
            type: "club-entries",
            attributes: { athletes },
            relationships: { club: { data: { type: "clubs", id: clubId } } },
          },
        },
        { keep: false },
      );
      created = answer.document as DataDocument;
    }
  } catch (error) {
    if (!ApiError.is(error) || error.status >= 500 || error.status === 401 || error.status === 403) throw error;
    const problem = error.errors[0];
    const code = error.status === 413 ? "body-too-large" : (problem?.code ?? "invalid");
    const pointer = `${problem?.source?.pointer ?? ""} ${problem?.source?.parameter ?? ""}`;
    if (error.status === 404 || /appointment/.test(pointer)) return refused({ appointment: code });
    if (/athletes/.test(pointer)) return refused({ athletes: code });
    if (["closed", "not-open", "sold-out", "not-eligible"].includes(code)) return refused({ appointment: code });
    return refused({ file: code });
  }
  const { prefix } = context.get(languageContext);
  throw redirect(prefix + clubEntryPath(clubId, (created.data as ResourceObject).id));
}
