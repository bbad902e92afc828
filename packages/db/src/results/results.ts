import { type ComputedResult, type ResultLine, sameResult } from "@sports/domain";
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { participants, raceResults, results, signups, users } from "../schema.ts";

type Tx = Database | Transaction;

/** Lower case, accents aside: what the results' search compares. */
export function searchKey(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

const lineOf = (row: typeof results.$inferSelect): ResultLine => ({
  id: row.id,
  appointmentId: row.appointmentId,
  bib: row.bib,
  participantId: row.participantId,
  givenName: row.givenName,
  familyName: row.familyName,
  club: row.club,
  gender: row.gender,
  birthDate: row.birthDate,
  category: row.category,
  status: row.status,
  netTime: row.netTime,
  gunTime: row.gunTime,
  ranks: { overall: row.rankOverall, gender: row.rankGender, category: row.rankCategory },
  splits: row.splits,
  diplomaCode: row.diplomaCode,
});

const computedOf = ({ id: _, appointmentId: __, diplomaCode: ___, ...line }: ResultLine): ComputedResult => line;

const rowOf = (appointmentId: string, result: ComputedResult) => ({
  appointmentId,
  bib: result.bib,
  participantId: result.participantId,
  givenName: result.givenName,
  familyName: result.familyName,
  club: result.club,
  gender: result.gender,
  birthDate: result.birthDate,
  category: result.category,
  status: result.status,
  netTime: result.netTime,
  gunTime: result.gunTime,
  rankOverall: result.ranks.overall,
  rankGender: result.ranks.gender,
  rankCategory: result.ranks.category,
  splits: result.splits,
  searchText: searchKey(`${result.familyName} ${result.givenName} ${result.bib} ${result.club ?? ""}`),
});

/** A race's stored results, by bib. */
export async function storedResults(tx: Tx, appointmentId: string): Promise<Map<number, ResultLine>> {
  const rows = await tx.select().from(results).where(eq(results.appointmentId, appointmentId));
  return new Map(rows.map((row) => [row.bib, lineOf(row)]));
}

/**
 * Makes a race's stored results those computed: lines that changed are rewritten (keeping their id
 * and diploma code), new ones added with a code from `newCode`, those no raw time holds any more
 * removed. Answers how many lines it wrote.
 */
export async function writeResults(
  tx: Transaction,
  appointmentId: string,
  computed: readonly ComputedResult[],
  newCode: () => string,
): Promise<number> {
  const stored = await storedResults(tx, appointmentId);
  const changed = computed.filter((result) => {
    const before = stored.get(result.bib);
    return !before || !sameResult(computedOf(before), result);
  });
  if (changed.length > 0) await upsertResults(tx, appointmentId, changed, newCode);
  const bibsNow = JSON.stringify(computed.map((result) => result.bib));
  await tx.execute(sql`
    delete from results where appointment_id = ${appointmentId}::uuid
      and bib not in (select value::int from jsonb_array_elements_text(${bibsNow}::jsonb))`);
  return changed.length;
}

/**
 * Writes results in one statement, their rows as one JSON parameter (`jsonb_to_recordset`): a line
 * already there keeps its id and diploma code.
 */
async function upsertResults(
  tx: Transaction,
  appointmentId: string,
  lines: readonly ComputedResult[],
  newCode: () => string,
): Promise<void> {
  const rows = JSON.stringify(
    lines.map((result) => {
      const row = rowOf(appointmentId, result);
      return {
        bib: row.bib,
        participant_id: row.participantId,
        given_name: row.givenName,
        family_name: row.familyName,
        club: row.club,
        gender: row.gender,
        birth_date: row.birthDate,
        category: row.category,
        status: row.status,
        net_time: row.netTime,
        gun_time: row.gunTime,
        rank_overall: row.rankOverall,
        rank_gender: row.rankGender,
        rank_category: row.rankCategory,
        splits: row.splits,
        search_text: row.searchText,
        diploma_code: newCode(),
      };
    }),
  );
  await tx.execute(sql`
    insert into results (appointment_id, bib, participant_id, given_name, family_name, club, gender, birth_date,
      category, status, net_time, gun_time, rank_overall, rank_gender, rank_category, splits, search_text, diploma_code)
    select ${appointmentId}::uuid, r.bib, r.participant_id, r.given_name, r.family_name, r.club, r.gender, r.birth_date,
      r.category, r.status, r.net_time, r.gun_time, r.rank_overall, r.rank_gender, r.rank_category, r.splits,
      r.search_text, r.diploma_code
    from jsonb_to_recordset(${rows}::jsonb) as r(bib int, participant_id uuid, given_name text, family_name text,
      club text, gender text, birth_date date, category text, status text, net_time double precision,
      gun_time double precision, rank_overall int, rank_gender int, rank_category int, splits jsonb,
      search_text text, diploma_code text)
    on conflict (appointment_id, bib) do update set
      participant_id = excluded.participant_id, given_name = excluded.given_name, family_name = excluded.family_name,
      club = excluded.club, gender = excluded.gender, birth_date = excluded.birth_date, category = excluded.category,
      status = excluded.status, net_time = excluded.net_time, gun_time = excluded.gun_time,
      rank_overall = excluded.rank_overall, rank_gender = excluded.rank_gender, rank_category = excluded.rank_category,
      splits = excluded.splits, search_text = excluded.search_text`);
}

export interface ResultsQuery {
  gender?: "female" | "male" | "open";
  category?: string;
  club?: string;
  search?: string;
  sort: { field: "rank" | "bib" | "name" | "time"; descending: boolean };
  page: { number: number; size: number };
}

function conditions(appointmentId: string, query: ResultsQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(results.appointmentId, appointmentId)];
  if (query.gender === "open") where.push(sql`coalesce(${results.gender}, '') not in ('female', 'male')`);
  else if (query.gender) where.push(eq(results.gender, query.gender));
  if (query.category) where.push(eq(results.category, query.category));
  if (query.club) where.push(sql`lower(${results.club}) = ${query.club.toLowerCase()}`);
  if (query.search)
    where.push(sql`${results.searchText} like ${`%${searchKey(query.search).replace(/[\\%_]/g, "\\$&")}%`}`);
  return and(...where);
}

function orderOf(sort: ResultsQuery["sort"]): SQL[] {
  const direction = sort.descending ? sql`desc` : sql`asc`;
  switch (sort.field) {
    case "bib":
      return [sql`${results.bib} ${direction}`];
    case "name":
      return [
        sql`lower(${results.familyName}) ${direction}`,
        sql`lower(${results.givenName}) ${direction}`,
        asc(results.bib),
      ];
    case "time":
      return [sql`coalesce(${results.gunTime}, ${results.netTime}) ${direction} nulls last`, asc(results.bib)];
    default:
      // Finishers by rank; then, apart, those without one, finished first, then DNF, DNS, DSQ.
      return [
        sql`${results.rankOverall} ${direction} nulls last`,
        sql`array_position(array['finished','dnf','dns','dsq'], ${results.status})`,
        asc(results.bib),
      ];
  }
}

/** One page of a race's results, filtered and sorted, with how many match. */
export async function listResults(tx: Tx, appointmentId: string, query: ResultsQuery) {
  const where = conditions(appointmentId, query);
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(results)
      .where(where)
      .orderBy(...orderOf(query.sort))
      .limit(query.page.size)
      .offset((query.page.number - 1) * query.page.size),
    tx.select({ count: count() }).from(results).where(where),
  ]);
  return { lines: rows.map(lineOf), total: total?.count ?? 0 };
}

/** The categories and clubs a race's results hold, for the filters. */
export async function resultFacets(tx: Tx, appointmentId: string) {
  const [categories, clubs] = await Promise.all([
    tx.selectDistinct({ value: results.category }).from(results).where(eq(results.appointmentId, appointmentId)),
    tx.selectDistinct({ value: results.club }).from(results).where(eq(results.appointmentId, appointmentId)),
  ]);
  const values = (rows: { value: string | null }[]) =>
    rows
      .map(({ value }) => value)
      .filter((value): value is string => !!value)
      .sort((a, b) => a.localeCompare(b));
  return { categories: values(categories), clubs: values(clubs) };
}

/** The race's winner (the first of a tie by bib), whose time the gaps are counted from. */
export async function leaderOf(tx: Tx, appointmentId: string): Promise<ResultLine | undefined> {
  const [row] = await tx
    .select()
    .from(results)
    .where(and(eq(results.appointmentId, appointmentId), eq(results.rankOverall, 1)))
    .orderBy(asc(results.bib))
    .limit(1);
  return row ? lineOf(row) : undefined;
}

export async function findResult(tx: Tx, id: string): Promise<ResultLine | undefined> {
  const [row] = await tx.select().from(results).where(eq(results.id, id));
  return row ? lineOf(row) : undefined;
}

export async function findResultByDiplomaCode(tx: Tx, code: string): Promise<ResultLine | undefined> {
  const [row] = await tx.select().from(results).where(eq(results.diplomaCode, code));
  return row ? lineOf(row) : undefined;
}

/** The published results of the participants an account signed up, newest race first, with their signup. */
export async function resultsOfAccount(tx: Tx, userId: string): Promise<{ line: ResultLine; signupId: string }[]> {
  const rows = await tx
    .select({ line: results, signupId: signups.id })
    .from(results)
    .innerJoin(participants, eq(participants.id, results.participantId))
    .innerJoin(signups, eq(signups.id, participants.signupId))
    .innerJoin(raceResults, eq(raceResults.appointmentId, results.appointmentId))
    .where(and(eq(signups.userId, userId), sql`${raceResults.state} <> 'unpublished'`))
    .orderBy(desc(signups.createdAt), asc(participants.position));
  return rows.map((row) => ({ line: lineOf(row.line), signupId: row.signupId }));
}

/** Every result of a race in rank order (exports, diplomas, mails). */
export async function allResults(tx: Tx, appointmentId: string): Promise<ResultLine[]> {
  const rows = await tx
    .select()
    .from(results)
    .where(eq(results.appointmentId, appointmentId))
    .orderBy(...orderOf({ field: "rank", descending: false }));
  return rows.map(lineOf);
}

/**
 * The finishers of a race not yet mailed their official result, with where to write and in which
 * language: the participant's own address, else the account's that signed them up when they are its
 * first participant; the account's language, else the signup's.
 */
export async function finishersToMail(tx: Tx, appointmentId: string) {
  const rows = await tx
    .select({
      line: results,
      position: participants.position,
      participantEmail: participants.email,
      ownerEmail: users.email,
      ownerLocale: users.preferredLocale,
      signupLocale: signups.locale,
    })
    .from(results)
    .innerJoin(participants, eq(participants.id, results.participantId))
    .innerJoin(signups, eq(signups.id, participants.signupId))
    .leftJoin(users, eq(users.id, signups.userId))
    .where(and(eq(results.appointmentId, appointmentId), eq(results.status, "finished"), isNull(results.mailedAt)));
  return rows.flatMap((row) => {
    const to = row.participantEmail ?? (row.position === 1 ? row.ownerEmail : null);
    if (!to) return [];
    return [
      { line: lineOf(row.line), to, locale: row.ownerLocale ?? row.signupLocale, signupId: null as string | null },
    ];
  });
}

/** Notes that these results' finishers were mailed. */
export async function markMailed(tx: Transaction, resultIds: readonly string[], now: Date): Promise<void> {
  for (let start = 0; start < resultIds.length; start += 1000)
    await tx
      .update(results)
      .set({ mailedAt: now })
      .where(inArray(results.id, resultIds.slice(start, start + 1000)));
}

/** Who signed a participant up and the language their mails and papers speak: the account's, else the signup's. */
export async function participantOwner(tx: Tx, participantId: string) {
  const [row] = await tx
    .select({ userId: signups.userId, accountLocale: users.preferredLocale, signupLocale: signups.locale })
    .from(participants)
    .innerJoin(signups, eq(signups.id, participants.signupId))
    .leftJoin(users, eq(users.id, signups.userId))
    .where(eq(participants.id, participantId));
  return row && { userId: row.userId, locale: row.accountLocale ?? row.signupLocale };
}
