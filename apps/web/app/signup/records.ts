import type {
  AppointmentAttributes,
  EventAttributes,
  ParticipantAttributes,
  RecordStore,
  SignupAttributes,
  StayAttributes,
  StayBookingAttributes,
  StoredRecord,
} from "@sports/jsonapi";

/**
 * A signup as the screens show it: its attributes, with what it is for (the event and the
 * appointment, only the fields the screens read) and what it holds, all from the record store.
 */
export interface SignupRecord extends SignupAttributes {
  id: string;
  event: Pick<EventAttributes, "slug" | "title" | "timeZone" | "signupMode" | "rules" | "startsAt"> & { id: string };
  appointment: Pick<
    AppointmentAttributes,
    "slug" | "title" | "startsAt" | "endsAt" | "implicit" | "eligibility" | "currency"
  > & { id: string };
  participants: (ParticipantAttributes & { id: string })[];
  stayBookings: (StayBookingAttributes & { id: string })[];
  /** The club whose entry this signup is (docs/decisions/068-club-entries.md); null for a runner's own. */
  clubId: string | null;
}

type AnyRecord = StoredRecord<string, Record<string, unknown>>;

function toOne(store: RecordStore, record: AnyRecord, name: string): AnyRecord | undefined {
  const found = store.related(record, name);
  return found && !Array.isArray(found) ? found : undefined;
}

function toMany(store: RecordStore, record: AnyRecord, name: string): AnyRecord[] {
  const found = store.related(record, name);
  return Array.isArray(found) ? found : [];
}

/**
 * The signup as the store holds it, with its event, appointment, participants (in their order) and
 * stay bookings; undefined while the store lacks it, or its event or appointment: a signup without
 * them cannot be shown, it would have no name. The site asks for full fieldsets, so the attributes
 * of a stored record are all there.
 */
export function signupOf(store: RecordStore, id: string): SignupRecord | undefined {
  const signup = store.find("signups", id);
  if (!signup) return undefined;
  const event = toOne(store, signup, "event");
  const appointment = toOne(store, signup, "appointment");
  if (!event || !appointment) return undefined;
  const e = event.attributes as unknown as EventAttributes;
  const a = appointment.attributes as unknown as AppointmentAttributes;
  const participants = toMany(store, signup, "participants")
    .map((found) => ({ id: found.id, ...(found.attributes as unknown as ParticipantAttributes) }))
    .sort((x, y) => x.position - y.position);
  const stayBookings = toMany(store, signup, "stayBookings").map((found) => ({
    id: found.id,
    ...(found.attributes as unknown as StayBookingAttributes),
  }));
  const club = signup.relationships.club?.data;
  return {
    id: signup.id,
    ...(signup.attributes as unknown as SignupAttributes),
    clubId: club && !Array.isArray(club) ? club.id : null,
    event: {
      id: event.id,
      slug: e.slug,
      title: e.title,
      timeZone: e.timeZone,
      signupMode: e.signupMode,
      rules: e.rules,
      startsAt: e.startsAt,
    },
    appointment: {
      id: appointment.id,
      slug: a.slug,
      title: a.title,
      startsAt: a.startsAt,
      endsAt: a.endsAt,
      implicit: a.implicit,
      eligibility: a.eligibility,
      currency: a.currency,
    },
    participants,
    stayBookings,
  };
}

/** The signups of `ids` (a list in the API's order, newest first) that the store can show. */
export function signupsOf(store: RecordStore, ids: readonly string[]): SignupRecord[] {
  return ids.flatMap((id) => signupOf(store, id) ?? []);
}

/**
 * The stays an event offers, in the API's order; undefined while the store does not know which they
 * are (their linkage arrives with `withLinkage`, signup/load.ts), which is not the same as none.
 */
export function staysOf(store: RecordStore, eventId: string): StayAttributes[] | undefined {
  const event = store.find("events", eventId);
  if (event?.relationships.stays?.data === undefined) return undefined;
  return toMany(store, event, "stays").map((stay) => stay.attributes as unknown as StayAttributes);
}
