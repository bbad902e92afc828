import { findResult, latestCoverJpeg, participantOwner, type RaceResultsRecord } from "@sports/db";
import {
  type Actor,
  isLocale,
  type Locale,
  localDate,
  normalizeTicketCode,
  pickText,
  type ResultLine,
  rankedTime,
  refuse,
} from "@sports/domain";
import { isTeam } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { SITE_NAME } from "../mail/texts.ts";
import { type DiplomaImage, diplomaPdf, prepareDiplomaImage } from "./diploma-pdf.ts";
import { visibleRace } from "./read-results.ts";

/** Where anyone checks a diploma: the site's verification page for its code. */
export const diplomaVerifyUrl = (siteUrl: string, code: string) => `${siteUrl}/attestato/${code}`;

/** Where a diploma is downloaded; the code lets anyone holding it in once results are official. */
export const diplomaFileUrl = (siteUrl: string, line: Pick<ResultLine, "id" | "diplomaCode">) =>
  `${siteUrl}/api/results/${line.id}/diploma.pdf?code=${line.diplomaCode}`;

/**
 * Whether the actor may have this diploma (of results the actor may read: see `visibleRace`): the
 * team always; the account that signed the finisher up; anyone with its code once they are official.
 */
function mayHave(
  actor: Actor,
  race: RaceResultsRecord,
  line: ResultLine,
  ownerId: string | null,
  code?: string,
): boolean {
  if (isTeam(actor)) return true;
  if (actor.kind === "user" && ownerId !== null && actor.userId === ownerId) return true;
  return race.state === "official" && code !== undefined && normalizeTicketCode(code) === line.diplomaCode;
}

/** A race's cover, made small once for every diploma of the race. */
export async function raceImage(deps: Pick<Deps, "db">, race: RaceResultsRecord): Promise<DiplomaImage | null> {
  const cover = await latestCoverJpeg(deps.db, race.eventId);
  return cover ? prepareDiplomaImage(cover) : null;
}

/** The diploma of one finisher as a PDF, in the finisher's language. */
export function diplomaOf(
  deps: Pick<Deps, "siteUrl">,
  race: RaceResultsRecord,
  line: ResultLine,
  input: { locale: Locale; image: DiplomaImage | null },
): Promise<Uint8Array> {
  return diplomaPdf({
    locale: input.locale,
    eventName: pickText(race.eventTitle, input.locale) ?? "",
    raceName: pickText(race.appointmentTitle, input.locale) ?? "",
    raceDate: localDate(race.startsAt, race.timeZone),
    rankBy: race.rankBy,
    line,
    distanceMetres: race.distance,
    image: input.image,
    organiserName: SITE_NAME,
    verifyUrl: diplomaVerifyUrl(deps.siteUrl, line.diplomaCode),
  });
}

/**
 * A finisher's diploma for whoever may have it (see `mayHave`); a result without a time ranked by
 * (DNF, DNS, DSQ) has none. Answers the PDF and a file name.
 */
export async function downloadDiploma(
  deps: Pick<Deps, "db" | "siteUrl">,
  actor: Actor,
  input: { resultId: string; code?: string },
): Promise<{ pdf: Uint8Array; fileName: string }> {
  const line = await findResult(deps.db, input.resultId);
  if (!line) refuse("not-found", `No result ${input.resultId}.`);
  const race = await visibleRace(deps, actor, line.appointmentId);
  const owner = line.participantId ? await participantOwner(deps.db, line.participantId) : undefined;
  if (!mayHave(actor, race, line, owner?.userId ?? null, input.code))
    refuse("not-found", `No diploma for result ${input.resultId}.`);
  if (rankedTime(line, race.rankBy) === null) refuse("wrong-state", "Only a finisher with a time has a diploma.");
  const locale = owner && isLocale(owner.locale) ? owner.locale : "it-IT";
  const pdf = await diplomaOf(deps, race, line, { locale, image: await raceImage(deps, race) });
  return { pdf, fileName: `${line.familyName}-${line.givenName}-${line.bib}.pdf`.replace(/\s+/g, "-") };
}
