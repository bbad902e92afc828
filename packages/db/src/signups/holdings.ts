import { nightsBetween, Refusal } from "@sports/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Transaction as Tx } from "../database.ts";
import { rowsOf } from "../driver-results.ts";
import { appointments, stayBookings } from "../schema.ts";
import type { NewStayBooking, SignupRecord } from "./signups.ts";

/**
 * What a signup holds: its places on the appointment and the nights of its rooms. Each is taken or
 * given back by one conditional statement, in the transaction of the change (docs/decisions/011);
 * `applyTransition` (packages/usecases/src/signups/transitions.ts) decides when.
 */

/**
 * Takes `delta` more places of an appointment (or gives `-delta` back), atomically. Refused with
 * `sold-out` when they are not there, which rolls the caller's transaction back.
 */
export async function changePlaces(tx: Tx, appointmentId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  const rows = await tx
    .update(appointments)
    .set({ placesTaken: sql`${appointments.placesTaken} + ${delta}` })
    .where(
      and(eq(appointments.id, appointmentId), sql`${appointments.placesTaken} + ${delta} <= ${appointments.capacity}`),
    )
    .returning({ id: appointments.id });
  if (rows.length === 0) throw new Refusal("sold-out", "There are not enough places left.");
}

/**
 * Replaces a signup's stay bookings: the rooms of the old ones go back, then every night of each
 * new one is taken with one conditional upsert per booking. A night without a free room refuses
 * the whole change with `sold-out`.
 */
export async function replaceStayBookings(tx: Tx, signupId: string, bookings: readonly NewStayBooking[]) {
  await releaseRoomNights(tx, signupId);
  await tx.delete(stayBookings).where(eq(stayBookings.signupId, signupId));
  // Always the same order, so two transactions never wait on each other's nights in a circle.
  const ordered = [...bookings].sort((a, b) => (a.roomTypeId + a.checkIn).localeCompare(b.roomTypeId + b.checkIn));
  await takeRoomNights(tx, ordered);
  if (ordered.length === 0) return [];
  return tx
    .insert(stayBookings)
    .values(ordered.map((booking) => ({ ...booking, signupId })))
    .returning();
}

/** Takes every night of each booking, all or none (throws `sold-out`); bookings in a stable order. */
async function takeRoomNights(tx: Tx, ordered: readonly Omit<NewStayBooking, "guests">[]): Promise<void> {
  for (const booking of ordered) {
    const nights = await tx.execute(sql`
      insert into room_nights (room_type_id, night, rooms, rooms_taken)
      select rt.id, n::date, rt.rooms_per_night, ${booking.rooms}
      from room_types rt,
        generate_series(${booking.checkIn}::date, ${booking.checkOut}::date - 1, interval '1 day') as n
      where rt.id = ${booking.roomTypeId} and ${booking.rooms} <= rt.rooms_per_night
      order by n
      on conflict (room_type_id, night) do update
        set rooms_taken = room_nights.rooms_taken + excluded.rooms_taken
        where room_nights.rooms_taken + excluded.rooms_taken <= room_nights.rooms
      returning night`);
    if (rowsOf(nights).length !== nightsBetween(booking.checkIn, booking.checkOut))
      throw new Refusal("sold-out", "A night of this stay has no room left.");
  }
}

/**
 * Takes again what an expired signup had given back: its places and every night of its stays, all
 * or none (a savepoint undoes a partial take). Answers false when they are no longer there.
 */
export async function retakeHoldings(tx: Tx, signup: Pick<SignupRecord, "id" | "appointmentId" | "places">) {
  const bookings = await tx
    .select()
    .from(stayBookings)
    .where(eq(stayBookings.signupId, signup.id))
    .orderBy(asc(stayBookings.roomTypeId), asc(stayBookings.checkIn));
  try {
    await tx.transaction(async (savepoint) => {
      await changePlaces(savepoint, signup.appointmentId, signup.places);
      await takeRoomNights(savepoint, bookings);
    });
    return true;
  } catch (error) {
    if (error instanceof Refusal && error.code === "sold-out") return false;
    throw error;
  }
}

export async function releaseRoomNights(tx: Tx, signupId: string): Promise<void> {
  await tx.execute(sql`
    update room_nights set rooms_taken = room_nights.rooms_taken - held.rooms
    from (
      select b.room_type_id, n::date as night, sum(b.rooms)::int as rooms
      from stay_bookings b, generate_series(b.check_in, b.check_out - 1, interval '1 day') as n
      where b.signup_id = ${signupId}
      group by 1, 2
    ) as held
    where room_nights.room_type_id = held.room_type_id and room_nights.night = held.night`);
}

/** Gives back everything a signup holds: its places and its room nights. */
export async function releaseHoldings(tx: Tx, signup: Pick<SignupRecord, "id" | "appointmentId" | "places">) {
  await changePlaces(tx, signup.appointmentId, -signup.places);
  await releaseRoomNights(tx, signup.id);
}
