import { randomBytes } from "node:crypto";
import {
  type BibHolder,
  computeResults,
  localDate,
  type RawTime,
  TICKET_CODE_LENGTH,
  ticketCodeFrom,
} from "@sports/domain";
import type { Transaction } from "../database.ts";
import { addRawTimes } from "../results/raw-times.ts";
import { writeResults } from "../results/results.ts";
import { bibs, participants, payments, raceResults, signups } from "../schema.ts";

/**
 * A past race of the demo with its official results, so a visitor of a fresh site finds a results
 * page, a finisher's and a diploma's check at once: forty runners signed up and paid, the timing
 * company's file as raw times (a finish time at the gun and a split at the half), worked out as an
 * import would (decision 063).
 */

const GIVEN = {
  female: ["Giulia", "Sara", "Elena", "Chiara", "Marta", "Anna", "Laura", "Irene", "Silvia", "Paola"],
  male: ["Marco", "Luca", "Andrea", "Matteo", "Davide", "Paolo", "Stefano", "Simone", "Fabio", "Nicolò"],
};
const FAMILY = ["Rossi", "Bianchi", "Ferrari", "Esposito", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno"];
const CLUBS = ["Atletica Conero", "Trail Runners Ancona", "GS Portonovo", null, "Podistica Sirolo"];
const RUNNERS = 40;

export interface DemoRace {
  eventId: string;
  appointmentId: string;
  startsAt: Date;
  timeZone: string;
  /** The price paid, in minor units. */
  amount: number;
  firstBib: number;
}

/** One runner of the demo race: who, and their finish and split in seconds from the gun (null: none). */
function runner(index: number) {
  const gender = index % 3 === 1 ? "female" : "male";
  const names = GIVEN[gender];
  const born = 1965 + ((index * 7) % 40);
  // Spread over four hours, older runners and women a little slower, as a real race's are.
  const finish =
    9_800 +
    ((index * 7_919) % 6_000) +
    Math.abs(born - 1995) * 60 +
    (gender === "female" ? 900 : 0) +
    (index % 10) / 10;
  return {
    gender,
    givenName: names[index % names.length] as string,
    familyName: FAMILY[(index * 3) % FAMILY.length] as string,
    birthDate: `${born}-${String(1 + (index % 12)).padStart(2, "0")}-${String(1 + (index % 27)).padStart(2, "0")}`,
    club: CLUBS[index % CLUBS.length] ?? null,
    // Two retired on the course, one never started.
    finish: index === 7 || index === 23 || index === 31 ? null : finish,
    half: index === 31 ? null : Math.round(finish * 0.47),
    status: index === 31 ? ("dns" as const) : index === 7 || index === 23 ? ("dnf" as const) : null,
  };
}

/** Writes the demo race's runners, their raw times and their official results, in the seed's transaction. */
export async function seedDemoResults(tx: Transaction, race: DemoRace, now: Date): Promise<void> {
  const people = Array.from({ length: RUNNERS }, (_, index) => ({ ...runner(index), bib: race.firstBib + index }));
  const paidAt = new Date(race.startsAt.getTime() - 30 * 86_400_000);
  const signupRows = await tx
    .insert(signups)
    .values(
      people.map(() => ({
        eventId: race.eventId,
        appointmentId: race.appointmentId,
        state: "confirmed" as const,
        places: 1,
        holdExpiresAt: paidAt,
        locale: "it-IT" as const,
        termsAcceptedAt: paidAt,
        createdAt: paidAt,
      })),
    )
    .returning({ id: signups.id });
  const signupId = (index: number) => (signupRows[index] as { id: string }).id;
  await tx.insert(payments).values(
    people.map((_, index) => ({
      signupId: signupId(index),
      provider: "demo" as const,
      state: "paid" as const,
      amount: race.amount,
      currency: "EUR",
      locale: "it-IT" as const,
      paidAt,
    })),
  );
  const participantRows = await tx
    .insert(participants)
    .values(
      people.map((person, index) => ({
        signupId: signupId(index),
        position: 1,
        givenName: person.givenName,
        familyName: person.familyName,
        birthDate: person.birthDate,
        gender: person.gender as "female" | "male",
        club: person.club,
        consentsAcceptedAt: paidAt,
      })),
    )
    .returning({ id: participants.id });
  const participantId = (index: number) => (participantRows[index] as { id: string }).id;
  await tx.insert(bibs).values(
    people.map((person, index) => ({
      eventId: race.eventId,
      number: person.bib,
      participantId: participantId(index),
    })),
  );

  const times = rawTimesOf(people);
  await addRawTimes(
    tx,
    times.map(({ id: _, source: __, ...time }) => ({ ...time, line: time.bib - race.firstBib + 2 })),
    {
      appointmentId: race.appointmentId,
      source: "file",
      importId: null,
      byUserId: null,
      reason: null,
      receivedAt: now,
    },
  );
  const holders = new Map<number, BibHolder>(
    people.map((person, index) => [person.bib, { ...person, participantId: participantId(index) }]),
  );
  const computed = computeResults(times, holders, {
    raceDate: localDate(race.startsAt, race.timeZone),
    rankBy: "gunTime",
    categoryRules: { kind: "fidal" },
    gunClock: null,
  });
  await writeResults(tx, race.appointmentId, computed, () => ticketCodeFrom(randomBytes(TICKET_CODE_LENGTH)));
  await tx
    .insert(raceResults)
    .values({ appointmentId: race.appointmentId, startedAt: race.startsAt, state: "official", version: 1 });
}

/** The timing company's file as raw times: each runner's gun time and half-way split, or their state. */
function rawTimesOf(people: (ReturnType<typeof runner> & { bib: number })[]): RawTime[] {
  let id = 0;
  const base = { source: "file" as const, givenName: null, familyName: null, club: null };
  return people.flatMap((person) => [
    ...(person.finish === null
      ? []
      : [
          {
            ...base,
            id: ++id,
            bib: person.bib,
            point: "finish",
            kind: "gun" as const,
            seconds: person.finish,
            status: null,
          },
        ]),
    ...(person.half === null
      ? []
      : [
          {
            ...base,
            id: ++id,
            bib: person.bib,
            point: "12,5 km",
            kind: "gun" as const,
            seconds: person.half,
            status: null,
          },
        ]),
    ...(person.status === null
      ? []
      : [
          {
            ...base,
            id: ++id,
            bib: person.bib,
            point: "finish",
            kind: "status" as const,
            seconds: null,
            status: person.status,
          },
        ]),
  ]);
}
