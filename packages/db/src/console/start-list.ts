import type { Gender, LocalizedText, PaymentState } from "@sports/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../database.ts";
import { appointments, bibs, discountCodes, participants, payments, signups } from "../schema.ts";

/** One line of a start list: a confirmed participant as the race office reads them. */
export interface StartListRow {
  participantId: string;
  bib: number | null;
  familyName: string;
  givenName: string;
  gender: Gender | null;
  birthDate: string | null;
  club: string | null;
  federationCard: string | null;
  nationality: string | null;
  tshirtSize: string | null;
  emergencyContactName: string | null;
  emergencyContactPhone: string | null;
  certificateExpiresOn: string | null;
  /** The state of the signup's latest payment; null when it took none. */
  paymentState: PaymentState | null;
  /** The discount code the signup holds (decision 029); null without one. */
  discountCode: string | null;
}

/** Runners without a bib come after every numbered one. */
const NO_BIB = 2_147_483_647;

/**
 * The confirmed participants of an appointment, by bib then surname (then id, so the order is total),
 * read `batchSize` at a time: each batch starts after the last line of the one before (keyset), so
 * no more than one batch is ever in memory and no batch is slower than the first.
 */
export async function* startListRows(
  db: Database,
  appointmentId: string,
  batchSize = 1000,
): AsyncGenerator<StartListRow[]> {
  const sortBib = sql<number>`coalesce(${bibs.number}, ${NO_BIB})`;
  const sortName = sql<string>`lower(${participants.familyName})`;
  let after: { bib: number; name: string; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select({
        participantId: participants.id,
        bib: bibs.number,
        familyName: participants.familyName,
        givenName: participants.givenName,
        gender: participants.gender,
        birthDate: participants.birthDate,
        club: participants.club,
        federationCard: participants.federationCard,
        nationality: participants.nationality,
        tshirtSize: participants.tshirtSize,
        emergencyContactName: participants.emergencyContactName,
        emergencyContactPhone: participants.emergencyContactPhone,
        certificateExpiresOn: participants.certificateExpiresOn,
        paymentState: sql<PaymentState | null>`(select ${payments.state} from ${payments} where ${payments.signupId} = ${signups.id} order by ${payments.createdAt} desc limit 1)`,
        discountCode: discountCodes.code,
        sortBib,
        sortName,
      })
      .from(participants)
      .innerJoin(signups, eq(signups.id, participants.signupId))
      .leftJoin(bibs, eq(bibs.participantId, participants.id))
      .leftJoin(discountCodes, eq(discountCodes.id, signups.discountCodeId))
      .where(
        and(
          eq(signups.appointmentId, appointmentId),
          eq(signups.state, "confirmed"),
          after
            ? sql`(${sortBib}, ${sortName}, ${participants.id}) > (${after.bib}, ${after.name}, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(asc(sortBib), asc(sortName), asc(participants.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1];
    if (last) after = { bib: Number(last.sortBib), name: last.sortName, id: last.participantId };
    yield rows.map(({ sortBib: _b, sortName: _n, ...row }) => row);
    if (rows.length < batchSize) return;
  }
}

/** An appointment as its start list and race-day screens show it. */
export interface StartListAppointment {
  id: string;
  eventId: string;
  title: LocalizedText;
  bibFirst: number | null;
  bibLast: number | null;
  startsAt: Date;
  /** Its confirmed participants, and how many of them wear a bib. */
  confirmed: number;
  withBib: number;
}

export async function startListAppointments(db: Database, eventId: string): Promise<StartListAppointment[]> {
  const rows = await db
    .select({
      id: appointments.id,
      eventId: appointments.eventId,
      title: appointments.title,
      bibFirst: appointments.bibFirst,
      bibLast: appointments.bibLast,
      startsAt: appointments.startsAt,
      confirmed: sql<number>`(select count(*) from participants p join signups s on s.id = p.signup_id
        where s.appointment_id = "appointments"."id" and s.state = 'confirmed')`,
      withBib: sql<number>`(select count(*) from participants p join signups s on s.id = p.signup_id
        join bibs b on b.participant_id = p.id where s.appointment_id = "appointments"."id" and s.state = 'confirmed')`,
    })
    .from(appointments)
    .where(eq(appointments.eventId, eventId))
    .orderBy(asc(appointments.startsAt), asc(appointments.slug));
  return rows.map((row) => ({ ...row, confirmed: Number(row.confirmed), withBib: Number(row.withBib) }));
}

export async function startListAppointment(db: Database, appointmentId: string) {
  const [row] = await db
    .select({ id: appointments.id, eventId: appointments.eventId, title: appointments.title, slug: appointments.slug })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return row;
}
