import {
  applyTransition,
  appointmentsWithEvents,
  type Database,
  participantsOf,
  releaseHoldings,
  roomTypesById,
  type SignupRecord,
  snapshotOf,
  stayBookingsOf,
  withLockedSignup,
} from "@sports/db";
import { expire, isLapsed } from "@sports/domain";
import type { SignupView } from "./serializers.ts";

/** Loads what the given signups are for and hold, in four queries whatever their number. */
export async function views(db: Database, signups: readonly SignupRecord[]): Promise<SignupView[]> {
  const ids = signups.map((signup) => signup.id);
  const [targets, people, bookings] = await Promise.all([
    appointmentsWithEvents(
      db,
      signups.map((signup) => signup.appointmentId),
    ),
    participantsOf(db, ids),
    stayBookingsOf(db, ids),
  ]);
  const rooms = await roomTypesById(
    db,
    bookings.map((booking) => booking.roomTypeId),
  );
  return signups.map((signup) => {
    const target = targets.get(signup.appointmentId);
    if (!target) throw new Error(`The appointment of signup ${signup.id} is missing.`);
    return {
      signup,
      ...target,
      participants: people.filter((person) => person.signupId === signup.id),
      stayBookings: bookings.filter((booking) => booking.signupId === signup.id),
      roomTypes: rooms,
    };
  });
}

/** Expires a lapsed signup before it is shown or changed: nobody has to wait for the expiry job. */
export async function settled(db: Database, signup: SignupRecord, now: Date): Promise<SignupRecord> {
  if (!isLapsed(signup, now)) return signup;
  const result = await withLockedSignup(db, signup.id, async (tx, locked) => {
    if (!isLapsed(locked, now)) return locked;
    const transition = expire(snapshotOf(locked, 0), now);
    await releaseHoldings(tx, locked);
    return applyTransition(tx, transition);
  });
  return result ?? signup;
}
