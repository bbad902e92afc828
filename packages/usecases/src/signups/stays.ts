import {
  appointmentsWithEvents,
  type Database,
  type NewStayBooking,
  replaceStayBookings,
  roomTypesById,
  type SignupRecord,
  snapshotOf,
} from "@sports/db";
import { chooseStays as chooseStaysOf, type FieldProblem, nightsBetween, refuseProblems } from "@sports/domain";
import type { UserActor } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { signupFor } from "./find.ts";
import { applyTransition, withSignup } from "./transitions.ts";
import { type SignupView, viewOf } from "./views.ts";

/**
 * Books the stays chosen for a held signup (none is a choice too), in place of those chosen before:
 * each checked, then every night's rooms taken, all or none (`sold-out`).
 */
export async function chooseStays(
  deps: Deps,
  actor: UserActor,
  input: { signupId: string; bookings: readonly NewStayBooking[] },
): Promise<SignupView> {
  const signup = await signupFor(deps, actor, input.signupId);
  const bookings = input.bookings.map((booking) => ({ ...booking, roomTypeId: booking.roomTypeId.toLowerCase() }));
  await checkStayBookings(deps.db, signup, bookings);
  const changed = await withSignup(deps, signup.id, async (tx, locked) => {
    const updated = await applyTransition(deps, tx, locked, chooseStaysOf(snapshotOf(locked, 0), actor, deps.now), {
      staysChosen: true,
    });
    await replaceStayBookings(tx, locked.id, bookings);
    return updated;
  });
  return viewOf(deps.db, changed);
}

/** Each booking inside its stay's nights, of the signup's event, in its currency, with room for its guests. */
async function checkStayBookings(db: Database, signup: SignupRecord, bookings: NewStayBooking[]): Promise<void> {
  const rooms = await roomTypesById(
    db,
    bookings.map((booking) => booking.roomTypeId),
  );
  const target = (await appointmentsWithEvents(db, [signup.appointmentId])).get(signup.appointmentId);
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  for (const [index, booking] of bookings.entries()) {
    const problem = (attribute: string, code: string, detail: string) =>
      problems.push({ index, attribute, code, detail });
    const found = rooms.get(booking.roomTypeId);
    if (!found || found.stay.eventId !== signup.eventId) {
      problem("roomTypeId", "invalid-value", "This room is not offered with the signup's event.");
      continue;
    }
    if (seen.has(booking.roomTypeId)) problem("roomTypeId", "duplicate", "Book each room type once.");
    seen.add(booking.roomTypeId);
    const lastCheckOut = new Date(Date.parse(`${found.stay.lastNight}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    if (booking.checkIn < found.stay.firstNight || booking.checkIn > found.stay.lastNight)
      problem("checkIn", "out-of-range", `Check in between ${found.stay.firstNight} and ${found.stay.lastNight}.`);
    if (nightsBetween(booking.checkIn, booking.checkOut) < 1 || booking.checkOut > lastCheckOut)
      problem("checkOut", "out-of-range", `Check out after check-in and by ${lastCheckOut}.`);
    if (booking.guests > booking.rooms * found.room.guests)
      problem(
        "guests",
        "too-many-guests",
        `${booking.rooms} room(s) sleep at most ${booking.rooms * found.room.guests}.`,
      );
    if (target && found.room.currency !== target.appointment.currency)
      problem("roomTypeId", "invalid-value", "This room is priced in another currency than the signup.");
  }
  refuseProblems(problems);
}
