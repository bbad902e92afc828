import { type EventOverrides, insertAppointment, insertEvent } from "@sports/db/testing";
import { runner, signupClient } from "../../signups/test-client.ts";
import { NOW, type TestApi } from "../../testing.ts";

/**
 * Race-day tests: confirmed signups made as a runner makes them (hold, participants, the
 * demonstration provider's payment). The test API must offer the `demo` provider.
 */
export function raceDayFixtures(api: () => TestApi) {
  const signups = signupClient(api);
  const { send } = signups;

  /**
   * An event (30 days after NOW unless `event` says otherwise) with one appointment. Its check-in is
   * open at NOW: it opens 30 days before the race.
   */
  async function race(
    options: { bibFirst?: number; bibLast?: number; capacity?: number } = {},
    event: EventOverrides = {},
  ) {
    const created = await insertEvent(api().database.db, NOW, {
      signupOpensAt: null,
      checkInOpensDaysBefore: 30,
      ...event,
    });
    const appointment = await insertAppointment(api().database.db, created, { capacity: 1000, ...options });
    return { event: created, appointment };
  }

  /**
   * A signup for `people`, submitted for payment and, unless `pay` is false, paid (so confirmed);
   * `headers` go with the hold (an `accept-language`, for the signup's language).
   */
  async function signup(
    appointmentId: string,
    people: object[] = [runner()],
    pay = true,
    headers: Record<string, string> = {},
  ) {
    const owner = await signups.visitor();
    const held = await signups.start(owner.token, appointmentId, { places: people.length }, headers);
    const id = held.body.data.id as string;
    const participants = await signups.participants(owner.token, id, people);
    if (participants.status !== 200) throw new Error(JSON.stringify(participants.body));
    const submitted = await signups.submit(owner.token, id);
    if (submitted.status !== 200) throw new Error(JSON.stringify(submitted.body));
    let paymentId: string | undefined;
    if (pay) {
      const paid = await signups.payByDemo(owner.token, id);
      paymentId = paid.paymentId;
      if (paid.decided.status !== 200) throw new Error(JSON.stringify(paid.decided.body));
    }
    const read = await send(owner.token, "GET", `/api/signups/${id}?include=participants`);
    return { id, owner, read, paymentId: paymentId ?? "" };
  }

  return { ...signups, race, signup };
}
