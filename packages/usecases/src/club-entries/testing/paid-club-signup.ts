import {
  findOrganisation,
  findSignup,
  type PaymentRecord,
  saveOrganisation,
  schema,
  setSignupBilling,
} from "@sports/db";
import {
  type EventOverrides,
  insertAppointment,
  insertEvent,
  insertPerson,
  testClub,
  testOrganisation,
} from "@sports/db/testing";
import { checkBillingDetails } from "@sports/domain";
import { SYSTEM } from "../../actors.ts";
import type { Deps } from "../../deps.ts";
import { newPayment } from "../../payments/new-payment.ts";
import { afterSettlement, settle } from "../../payments/settle.ts";

/**
 * A club's confirmed signup of `athletes` athletes at `price` each, paid with the demonstration
 * provider and invoiced to the club (decision 066, the test organiser's entries outside VAT, the
 * stamp duty charged over 77.47 €): written straight, then settled as a payment is. The event
 * refunds until 5 days before and takes cancellations until 2 days before its start (30 days after
 * `deps.now`), unless `event` says otherwise.
 */
export async function paidClubSignup(
  deps: Deps,
  input: { athletes: number; price?: number; event?: EventOverrides },
): Promise<{
  manager: Awaited<ReturnType<typeof insertPerson>>;
  club: Awaited<ReturnType<typeof testClub>>;
  signupId: string;
  participantIds: string[];
  payment: PaymentRecord;
}> {
  const { db, now } = deps;
  if (!(await findOrganisation(db))) await saveOrganisation(db, testOrganisation(), now);
  const event = await insertEvent(db, now, {
    signupOpensAt: null,
    refundDaysBefore: 5,
    cancellationDaysBefore: 2,
    ...input.event,
  });
  const appointment = await insertAppointment(db, event, {
    priceTiers: [{ until: null, amount: input.price ?? 3000 }],
    placesTaken: input.athletes,
  });
  const manager = await insertPerson(db, { preferredLocale: "it-IT" });
  const club = await testClub(db, manager.id);
  const [row] = await db
    .insert(schema.signups)
    .values({
      eventId: event.id,
      appointmentId: appointment.id,
      userId: manager.id,
      clubId: club.id,
      state: "awaiting-payment",
      places: input.athletes,
      holdExpiresAt: now,
      paymentDueAt: new Date(now.getTime() + 86_400_000),
      locale: "it-IT",
    })
    .returning();
  if (!row) throw new Error("No signup was written.");
  const people = await db
    .insert(schema.participants)
    .values(
      Array.from({ length: input.athletes }, (_, i) => ({
        signupId: row.id,
        position: i + 1,
        givenName: `Atleta${i + 1}`,
        familyName: "Valle",
        email: `atleta${i + 1}@example.org`,
        consentsAcceptedAt: now,
      })),
    )
    .returning({ id: schema.participants.id });
  const checked = checkBillingDetails({
    kind: "business",
    name: club.name,
    vatNumber: "IT02345670224",
    address: { street: "Via Roma 1", postalCode: "38051", locality: "Borgo Valsugana", province: "TN", country: "IT" },
    recipientCode: "M5UXCR1",
  });
  if (!("details" in checked)) throw new Error("The club's billing details were refused.");
  await setSignupBilling(db, row.id, { buyer: checked.details, document: "invoice" }, now);
  const signup = await findSignup(db, row.id);
  if (!signup) throw new Error("The signup vanished.");
  const { payment } = await newPayment(deps, signup, { provider: "demo", locale: "it-IT" });
  const settled = await afterSettlement(
    deps,
    await settle(deps, SYSTEM, {
      key: { id: payment.id },
      report: { providerReference: "", outcome: "paid", amount: payment.amount, currency: payment.currency },
      source: "webhook",
    }),
  );
  if (!settled || settled.state !== "paid") throw new Error("The club's payment did not settle.");
  return { manager, club, signupId: row.id, participantIds: people.map((one) => one.id), payment: settled };
}
