import type { LocalizedText } from "@sports/domain";
import { and, asc, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../database.ts";
import { appointments, events, participants, payments, roomNights, roomTypes, signups, stays } from "../schema.ts";

/** The signups that count: holding their places for good or until paid. */
const LIVE = ["awaiting-payment", "confirmed"] as const;

export interface EventDashboardRecord {
  event: {
    id: string;
    title: LocalizedText;
    timeZone: string;
    startsAt: Date;
    status: string;
    coverImage: string | null;
  };
  /** Live signups by the day (in the event's time zone) they were made, oldest first. */
  signupsPerDay: { day: string; signups: number; places: number }[];
  appointments: { id: string; title: LocalizedText; startsAt: Date; capacity: number; placesTaken: number }[];
  /** Money in, by provider and currency: paid minus refunded, in minor units. */
  revenue: { provider: string; currency: string; amount: number; payments: number }[];
  /** Each night of each room type: rooms offered and taken. */
  lodging: { night: string; roomType: LocalizedText; stay: LocalizedText; rooms: number; roomsTaken: number }[];
  /** Participants of live signups with a certificate the organiser has not reviewed yet. */
  certificatesPending: number;
  signupsToday: number;
}

/** The day a moment falls on in `timeZone`, as YYYY-MM-DD, in SQL. */
const dayIn = (column: typeof signups.createdAt, timeZone: string) =>
  sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;

/** How an event's signups, places, money, rooms and certificates stand: aggregates only. */
export async function eventDashboard(
  db: Database,
  eventId: string,
  now: Date,
): Promise<EventDashboardRecord | undefined> {
  const [event] = await db
    .select({
      id: events.id,
      title: events.title,
      timeZone: events.timeZone,
      startsAt: events.startsAt,
      status: events.status,
      coverImage: events.coverImage,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!event) return undefined;
  const live = and(eq(signups.eventId, eventId), inArray(signups.state, [...LIVE]));
  const day = dayIn(signups.createdAt, event.timeZone);
  const [perDay, appointmentRows, revenue, lodging, certificates] = await Promise.all([
    db
      .select({
        day,
        signups: sql<number>`count(*)::int`,
        places: sql<number>`coalesce(sum(${signups.places}), 0)::int`,
      })
      .from(signups)
      .where(live)
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    db
      .select({
        id: appointments.id,
        title: appointments.title,
        startsAt: appointments.startsAt,
        capacity: appointments.capacity,
        placesTaken: appointments.placesTaken,
      })
      .from(appointments)
      .where(eq(appointments.eventId, eventId))
      .orderBy(asc(appointments.startsAt)),
    db
      .select({
        provider: payments.provider,
        currency: payments.currency,
        amount: sql<number>`coalesce(sum(${payments.amount} - ${payments.refundedAmount}), 0)::int`,
        payments: sql<number>`count(*)::int`,
      })
      .from(payments)
      .innerJoin(signups, eq(signups.id, payments.signupId))
      .where(and(eq(signups.eventId, eventId), inArray(payments.state, ["paid", "refunded"])))
      .groupBy(payments.provider, payments.currency)
      .orderBy(payments.provider, payments.currency),
    db
      .select({
        night: roomNights.night,
        roomType: roomTypes.name,
        stay: stays.name,
        rooms: roomNights.rooms,
        roomsTaken: roomNights.roomsTaken,
      })
      .from(roomNights)
      .innerJoin(roomTypes, eq(roomTypes.id, roomNights.roomTypeId))
      .innerJoin(stays, eq(stays.id, roomTypes.stayId))
      .where(eq(stays.eventId, eventId))
      .orderBy(asc(roomNights.night), asc(stays.slug), asc(roomTypes.position)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(participants)
      .innerJoin(signups, eq(signups.id, participants.signupId))
      .where(and(live, isNotNull(participants.certificateId), isNull(participants.certificateReview))),
  ]);
  const signupsToday = perDay.find((row) => row.day === todayOf(now, event.timeZone))?.signups ?? 0;
  return {
    event,
    signupsPerDay: perDay,
    appointments: appointmentRows,
    revenue,
    lodging,
    certificatesPending: certificates[0]?.n ?? 0,
    signupsToday,
  };
}

/** The day `now` is in `timeZone`, as YYYY-MM-DD. */
function todayOf(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export interface EventSummaryRecord {
  id: string;
  title: LocalizedText;
  startsAt: Date;
  timeZone: string;
  status: string;
  capacity: number;
  placesTaken: number;
  signupsToday: number;
}

/**
 * The events not over yet, soonest first, each with its places (all appointments together) and the
 * live signups made today in its time zone: the console's first screen.
 */
export async function upcomingEventSummaries(db: Database, now: Date, limit = 20): Promise<EventSummaryRecord[]> {
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      timeZone: events.timeZone,
      status: events.status,
    })
    .from(events)
    .where(gte(events.endsAt, now))
    .orderBy(asc(events.startsAt))
    .limit(limit);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [places, recent] = await Promise.all([
    db
      .select({
        eventId: appointments.eventId,
        capacity: sql<number>`coalesce(sum(${appointments.capacity}), 0)::int`,
        placesTaken: sql<number>`coalesce(sum(${appointments.placesTaken}), 0)::int`,
      })
      .from(appointments)
      .where(inArray(appointments.eventId, ids))
      .groupBy(appointments.eventId),
    // Today is at most a day and a half back in any time zone.
    db
      .select({ eventId: signups.eventId, createdAt: signups.createdAt })
      .from(signups)
      .where(
        and(
          inArray(signups.eventId, ids),
          inArray(signups.state, [...LIVE]),
          gte(signups.createdAt, new Date(now.getTime() - 36 * 3_600_000)),
        ),
      ),
  ]);
  const placesOf = new Map(places.map((row) => [row.eventId, row]));
  return rows.map((row) => {
    const today = todayOf(now, row.timeZone);
    return {
      ...row,
      capacity: placesOf.get(row.id)?.capacity ?? 0,
      placesTaken: placesOf.get(row.id)?.placesTaken ?? 0,
      signupsToday: recent.filter(
        (signup) => signup.eventId === row.id && todayOf(signup.createdAt, row.timeZone) === today,
      ).length,
    };
  });
}
