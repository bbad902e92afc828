import type {
  AppointmentAttributes,
  EventAttributes,
  ParticipantAttributes,
  ResourceObject,
  SignupAttributes,
  StayBookingAttributes,
} from "@sports/jsonapi";

/**
 * A signup as the screens show it: its attributes, with what it is for (the event and the
 * appointment, only the fields the screens read) and what it holds, from the API's `included`.
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
}

interface SignupDocument {
  data: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
}

type Linkage = { type: string; id: string };

function linkages(resource: ResourceObject, name: string): Linkage[] {
  const data = resource.relationships?.[name]?.data;
  if (!data) return [];
  return (Array.isArray(data) ? data : [data]) as Linkage[];
}

/** Every signup of a document (one or a list), newest first as the API sends them. */
export function signupsOf(document: SignupDocument): SignupRecord[] {
  const index = new Map<string, ResourceObject>();
  for (const resource of document.included ?? []) index.set(`${resource.type}:${resource.id}`, resource);
  const find = (linkage: Linkage | undefined) => (linkage ? index.get(`${linkage.type}:${linkage.id}`) : undefined);
  const list = Array.isArray(document.data) ? document.data : document.data ? [document.data] : [];
  return list.flatMap((resource) => {
    const event = find(linkages(resource, "event")[0]);
    const appointment = find(linkages(resource, "appointment")[0]);
    // A signup whose event or appointment the answer left out cannot be shown: it would have no name.
    if (!event || !appointment) return [];
    const e = event.attributes as unknown as EventAttributes;
    const a = appointment.attributes as unknown as AppointmentAttributes;
    const participants = linkages(resource, "participants")
      .map(find)
      .filter((found): found is ResourceObject => Boolean(found))
      .map((found) => ({ id: found.id, ...(found.attributes as unknown as ParticipantAttributes) }))
      .sort((x, y) => x.position - y.position);
    const stayBookings = linkages(resource, "stayBookings")
      .map(find)
      .filter((found): found is ResourceObject => Boolean(found))
      .map((found) => ({ id: found.id, ...(found.attributes as unknown as StayBookingAttributes) }));
    return [
      {
        id: resource.id,
        ...(resource.attributes as unknown as SignupAttributes),
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
      },
    ];
  });
}

/** The one signup of a `GET /api/signups/{id}` answer. */
export function signupOf(document: SignupDocument): SignupRecord {
  const [signup] = signupsOf(document);
  if (!signup) throw new Error("The signup's document names no event or appointment.");
  return signup;
}
