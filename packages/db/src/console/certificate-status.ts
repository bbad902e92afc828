import type { CertificateStatus } from "@sports/domain";
import { type SQL, sql } from "drizzle-orm";

/*
 * Where a participant's certificate stands on their race day, in SQL: the console's signup lists
 * filter by it (signups.ts), its participants' lists show and filter it (participants.ts).
 */

/** A participant's certificate status as SQL, given the race day (see certificateStatus in @sports/domain). */
export function certificateStatusSql(p: string, raceDay: SQL): SQL {
  const t = sql.raw(p);
  return sql`case when ${t}.certificate_id is null then 'missing'
    when ${t}.certificate_expires_on is not null and ${t}.certificate_expires_on < ${raceDay} then 'expired'
    else coalesce(${t}.certificate_review, 'pending') end`;
}

/**
 * "The participant's certificate stands in one of `statuses`" as plain conditions rather than a
 * comparison with `certificateStatusSql`: the planner can weigh them, so a list of thousands is joined
 * by hashing instead of one lookup a row (decision 026).
 */
export function certificateStatusIn(p: string, raceDay: SQL, statuses: readonly CertificateStatus[]): SQL {
  const t = sql.raw(p);
  const covering = sql`(${t}.certificate_expires_on is null or ${t}.certificate_expires_on >= ${raceDay})`;
  const one = (status: CertificateStatus): SQL => {
    switch (status) {
      case "missing":
        return sql`${t}.certificate_id is null`;
      case "expired":
        return sql`(${t}.certificate_id is not null and ${t}.certificate_expires_on < ${raceDay})`;
      case "pending":
        return sql`(${t}.certificate_id is not null and ${covering} and ${t}.certificate_review is null)`;
      default:
        return sql`(${t}.certificate_id is not null and ${covering} and ${t}.certificate_review = ${status})`;
    }
  };
  return sql`(${sql.join([...new Set(statuses)].map(one), sql` or `)})`;
}

/** The race day of appointment `a` of event `e`: the day it starts in the event's time zone. */
export const RACE_DAY = sql`(a.starts_at at time zone e.time_zone)::date`;

/** The appointments in scope with their race day: one row, or one per appointment of the event. */
export function daysOf(scope: { appointmentId: string } | { eventId: string }): SQL {
  const where = "appointmentId" in scope ? sql`a.id = ${scope.appointmentId}` : sql`a.event_id = ${scope.eventId}`;
  return sql`select a.id as appointment_id, ${RACE_DAY} as race_day
    from appointments a join events e on e.id = a.event_id where ${where}`;
}
