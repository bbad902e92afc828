import {
  type AthleteLinkHolder,
  appointmentWithEvent,
  type CertificateFile,
  certificateTakenByOther,
  findAthleteLink,
  findCertificate,
  findUserById,
  insertCertificate,
  isUuid,
  linkClubAthlete,
  type ParticipantRecord,
  type SignupRecord,
  spendAthleteLink,
} from "@sports/db";
import {
  type Actor,
  type Appointment,
  type AthletePart,
  certificateProblems,
  type Event,
  type FieldProblem,
  localDate,
  normalizeEmail,
  refuse,
  refuseProblems,
} from "@sports/domain";
import { hashToken, isTokenShaped } from "../accounts/secrets.ts";
import type { Deps } from "../deps.ts";
import { refuseActiveContent } from "../signups/add-certificate.ts";
import { partsMissing } from "./links.ts";

/**
 * A club's athlete's own part through their mailed link, without an account
 * (docs/decisions/068-club-entries.md): what the link shows (only their own data), their certificate,
 * and the part given, which spends the link.
 */

/** What an athlete's link opens: their own participant, their race, their club and what is missing. */
export interface AthletePartView {
  participant: ParticipantRecord;
  signup: SignupRecord;
  club: string | null;
  event: Event;
  appointment: Appointment;
  /** The race's day in the event's time zone: a certificate must be valid on it. */
  raceDay: string;
  /** Until when the link is good. */
  expiresAt: Date;
  missing: AthletePart[];
}

/** What the athlete gives: the consents, the emergency contact, and the certificate uploaded through the link. */
export interface AthletePartInput {
  termsAccepted?: boolean | undefined;
  privacyAccepted?: boolean | undefined;
  emergencyContactName?: string | null | undefined;
  emergencyContactPhone?: string | null | undefined;
  certificateId?: string | null | undefined;
  certificateExpiresOn?: string | null | undefined;
}

function refuseLink(): never {
  refuse("invalid-token", "This link is not valid any more: ask your club to have a new one sent to you.");
}

/**
 * Whose link a token is, refused alike (`invalid-token`) whether unknown, spent, lapsed or of a signup
 * no longer confirmed. A token not shaped as the site makes them is refused before the database is
 * asked, and a known one is looked up by its hash through a unique index, so the answer's time says
 * nothing of which tokens exist.
 */
async function linkHolder(deps: Pick<Deps, "db" | "now">, token: string) {
  if (!isTokenShaped(token)) refuseLink();
  const hash = hashToken(token);
  const holder = await findAthleteLink(deps.db, hash);
  const expiresAt = holder?.participant.athleteLinkExpiresAt;
  if (!holder || !expiresAt || expiresAt <= deps.now) refuseLink();
  if (holder.signup.state !== "confirmed" || !holder.signup.clubId) refuseLink();
  const target = await appointmentWithEvent(deps.db, holder.signup.appointmentId);
  if (!target) throw new Error(`Signup ${holder.signup.id} has no appointment.`);
  return { hash, view: viewOf(holder, target, expiresAt) };
}

function viewOf(
  holder: AthleteLinkHolder,
  target: { appointment: Appointment; event: Event },
  expiresAt: Date,
): AthletePartView {
  return {
    ...holder,
    ...target,
    club: holder.clubName,
    raceDay: localDate(target.appointment.startsAt, target.event.timeZone),
    expiresAt,
    missing: partsMissing(holder.participant, target.event),
  };
}

/** What an athlete's link opens (anyone holding it): only their own participant. Refused `invalid-token`. */
export async function athletePartFor(deps: Pick<Deps, "db" | "now">, token: string): Promise<AthletePartView> {
  return (await linkHolder(deps, token)).view;
}

/**
 * Keeps a medical certificate the athlete uploads through their link with their club's signup, to be
 * given with their part: the file has been read and checked against its type by whoever received it,
 * as a signup's certificate is; a PDF with active content is refused (`certificate-active-content`),
 * and so is any file for a race that asks for no certificate (`wrong-state`). The link stays good.
 */
export async function uploadAthleteCertificate(
  deps: Pick<Deps, "db" | "now">,
  token: string,
  file: { mediaType: string; content: Buffer; fileName: string },
): Promise<CertificateFile> {
  const { view } = await linkHolder(deps, token);
  if (view.event.medicalCertificate === "none") refuse("wrong-state", "This race asks for no medical certificate.");
  refuseActiveContent(file.content);
  return insertCertificate(deps.db, { userId: null, signupId: view.signup.id, ...file });
}

/**
 * The athlete gives their part through their link: the consents (unless given already), the emergency
 * contact, and the certificate as the event asks for it (uploaded through the link, valid on race
 * day, or none where the event takes it later), each problem at its field (`invalid-input`). The
 * part is recorded and the link spent in one conditional update, so a link is used once. A
 * logged-in athlete whose account has the address the link was mailed to is linked to the club's
 * roster entry they were entered from.
 */
export async function completeAthletePart(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  token: string,
  input: AthletePartInput,
): Promise<AthletePartView> {
  const { hash, view } = await linkHolder(deps, token);
  const { participant, event, signup } = view;
  const problems: FieldProblem[] = [];
  const problem = (attribute: string, code: string, detail: string) => problems.push({ attribute, code, detail });
  if (participant.consentsAcceptedAt === null) {
    if (input.termsAccepted !== true) problem("termsAccepted", "required", "Accept the terms.");
    if (input.privacyAccepted !== true) problem("privacyAccepted", "required", "Accept the privacy notice.");
  }
  if (!input.emergencyContactName) problem("emergencyContactName", "required", "Fill this in.");
  if (!input.emergencyContactPhone) problem("emergencyContactPhone", "required", "Fill this in.");
  const certificateId = input.certificateId?.toLowerCase() ?? null;
  // A certificate on file stays unless a new one is given.
  const onFile = participant.certificateId !== null && !certificateId && !input.certificateExpiresOn;
  if (!onFile)
    for (const found of certificateProblems(
      { certificateId, certificateExpiresOn: input.certificateExpiresOn ?? null },
      {
        required: event.medicalCertificate !== "none",
        certificateLater: event.certificateLater,
        raceDay: view.raceDay,
      },
    ))
      problem(found.attribute, found.code, found.detail);
  if (certificateId) {
    const file = isUuid(certificateId) ? await findCertificate(deps.db, certificateId) : undefined;
    if (!file || file.signupId !== signup.id || (await certificateTakenByOther(deps.db, file.id, participant.id)))
      problem("certificateId", "invalid-certificate", "Upload the certificate through this link first.");
  }
  refuseProblems(problems);
  const completed = await deps.db.transaction(async (tx) => {
    const spent = await spendAthleteLink(tx, {
      participantId: participant.id,
      hash,
      at: deps.now,
      values: {
        consentsAcceptedAt: participant.consentsAcceptedAt ?? deps.now,
        emergencyContactName: input.emergencyContactName ?? "",
        emergencyContactPhone: input.emergencyContactPhone ?? "",
        ...(certificateId && input.certificateExpiresOn
          ? { certificate: { id: certificateId, expiresOn: input.certificateExpiresOn } }
          : {}),
      },
    });
    if (!spent) refuseLink();
    if (actor.kind === "user" && spent.clubAthleteId && spent.email) {
      const user = await findUserById(tx, actor.userId);
      if (user && normalizeEmail(user.email) === normalizeEmail(spent.email))
        await linkClubAthlete(tx, spent.clubAthleteId, actor.userId);
    }
    return spent;
  });
  return { ...view, participant: completed, missing: partsMissing(completed, event) };
}
