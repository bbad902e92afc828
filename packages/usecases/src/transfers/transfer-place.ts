import { randomBytes } from "node:crypto";
import {
  appointmentWithEvent,
  endTransfer,
  findParticipant,
  findTransfer,
  findUserById,
  forgetCertificate,
  giveTicketCode,
  insertTransfer,
  isCheckedIn,
  isUuid,
  lockLapsedTransfers,
  type ParticipantRecord,
  participantsOf,
  pendingTransferOf,
  queueMail,
  replaceParticipantPerson,
  type SignupRecord,
  type SignupTarget,
  type Transaction,
  type TransferRecord,
} from "@sports/db";
import {
  type Actor,
  type Appointment,
  applyPaidTransfer,
  type Event,
  isRefusal,
  type Locale,
  lapseTransfer,
  Refusal,
  refuse,
  TICKET_CODE_LENGTH,
  type TransferSnapshot,
  type TransferStep,
  ticketCodeFrom,
  transferPlace,
} from "@sports/domain";
import { SYSTEM } from "../actors.ts";
import { audit } from "../console/audit.ts";
import type { Deps } from "../deps.ts";
import { transferMail } from "../mail/templates.ts";
import { signupFor } from "../signups/find.ts";
import { checkParticipants, type ParticipantInput, participantRow } from "../signups/participants.ts";
import { withSignup } from "../signups/transitions.ts";
import { mailLanguage, signupRecapUrl, signupTitle } from "../signups/views.ts";

/** The new person in a place, as given: a participant's fields, without a certificate (it comes after). */
export type TransferPersonInput = Omit<ParticipantInput, "certificateId" | "certificateExpiresOn">;

export interface TransferView {
  transfer: TransferRecord;
  signup: SignupRecord;
  participant: ParticipantRecord;
}

/**
 * Passes a participant's place to another person (decision 028): the signup's owner until the
 * event's transfer deadline, an organiser from the console until the participant is checked in.
 * In one transaction holding the signup's lock: the participant row takes the new person (its bib
 * stays, its ticket code is replaced, the old certificate and its review go), the transfer is kept
 * as history with its audit line, and the mails to the person leaving, the person taking the place
 * and the owner are written to the outbox, then sent after the commit. The new person is checked
 * against the event's questions and the appointment's conditions (`invalid-input`, on each field).
 * With the event's fee, the owner's transfer is only written `pending` (the new person kept with it):
 * it takes effect when its fee is paid (`applyPaidTransferIn`, from the settlement), or lapses.
 * One pending transfer per participant (`wrong-state`).
 */
export async function transferParticipantPlace(
  deps: Deps,
  actor: Actor,
  input: { participantId: string; person: TransferPersonInput; locale: Locale },
): Promise<TransferView> {
  const field = { relationship: "participant" };
  const id = input.participantId.toLowerCase();
  const found = isUuid(id) ? await findParticipant(deps.db, id) : undefined;
  if (!found) refuse("not-found", `No participant ${input.participantId}.`, { field });
  const signup = await signupFor(deps, actor, found.signupId, field);
  const target = await appointmentWithEvent(deps.db, signup.appointmentId);
  if (!target) throw new Error(`Signup ${signup.id} has no appointment.`);
  const person: ParticipantInput = { ...input.person, certificateId: null, certificateExpiresOn: null };
  // The event's questions and conditions, all at once; the certificate comes after, from My signups.
  const fieldRefusal = await fieldProblems(deps, signup, target, person);
  const result = await withSignup(deps, signup.id, async (tx, locked) => {
    const [current] = (await participantsOf(tx, [locked.id])).filter((one) => one.id === found.id);
    if (!current) refuse("not-found", `No participant ${input.participantId}.`, { field });
    if (await pendingTransferOf(tx, current.id))
      refuse("wrong-state", "A transfer of this place is waiting for its fee to be paid.", { field });
    let step: ReturnType<typeof transferPlace>;
    try {
      step = transferPlace({
        id: crypto.randomUUID(),
        actor,
        now: deps.now,
        signup: locked,
        participant: { ...current, checkedIn: await isCheckedIn(tx, current.id) },
        to: toPerson(person),
        rules: { ...rulesOf(target), transferFee: target.event.transferFee },
      });
    } catch (error) {
      // The field check found the eligibility problems too, with every other field's.
      if (fieldRefusal && isRefusal(error, "invalid-input")) throw fieldRefusal;
      throw error;
    }
    if (fieldRefusal) throw fieldRefusal;
    if (step.transfer.state === "pending") {
      // The owner pays the fee first: the new person waits with the transfer until then.
      const transfer = await insertTransfer(tx, step.transfer, {
        person: { ...input.person },
        locale: input.locale,
        currency: target.appointment.currency,
        expiresAt: new Date(deps.now.getTime() + target.event.holdMinutes * 60_000),
      });
      await audit(tx, deps, actor, step.audit);
      return { transfer, signup: locked, participant: current };
    }
    return applyStep(deps, tx, actor, { step, signup: locked, current, person, target, locale: input.locale });
  });
  deps.mailQueued();
  return result;
}

function toPerson(person: ParticipantInput | TransferPersonInput) {
  return {
    givenName: person.givenName,
    familyName: person.familyName,
    email: person.email ?? null,
    birthDate: person.birthDate ?? null,
    gender: person.gender ?? null,
  };
}

function rulesOf(target: { appointment: Appointment; event: Event }) {
  return {
    transferDaysBefore: target.event.transferDaysBefore,
    eligibility: {
      minAge: target.appointment.minAge ?? target.event.minAge,
      maxAge: target.appointment.maxAge ?? target.event.maxAge,
      ageRule: target.event.ageRule,
      gender: target.appointment.gender,
      startsAt: target.appointment.startsAt,
      timeZone: target.event.timeZone,
    },
  };
}

/**
 * What a transfer does once it takes effect, free at once or paid later: the new person in the row,
 * the old certificate gone, a new ticket code, the transfer kept (or its pending row ended), the
 * audit line and the three mails, in the caller's transaction holding the signup's lock.
 */
async function applyStep(
  deps: Deps,
  tx: Transaction,
  actor: Actor,
  input: {
    step: TransferStep;
    signup: SignupRecord;
    current: ParticipantRecord;
    person: ParticipantInput;
    target: { appointment: Appointment; event: Event };
    locale: Locale;
    pending?: boolean;
  },
): Promise<TransferView> {
  const { step, current, person } = input;
  const participant = await replaceParticipantPerson(tx, current.id, participantRow(person, deps.now));
  if (current.certificateId) await forgetCertificate(tx, current.certificateId);
  const ticketCode = await giveTicketCode(tx, current.id, () => ticketCodeFrom(randomBytes(TICKET_CODE_LENGTH)));
  const transfer = input.pending
    ? await endTransfer(tx, step.transfer.id, { state: "done", at: deps.now })
    : await insertTransfer(tx, step.transfer);
  await audit(tx, deps, actor, step.audit);
  await queueTransferMails(deps, tx, {
    signup: input.signup,
    ...input.target,
    transfer,
    ticketCode,
    locale: input.locale,
  });
  return { transfer, signup: input.signup, participant: { ...participant, ticketCode } };
}

/**
 * Inside a settlement's transaction (the signup's lock held): applies the pending transfer its fee
 * paid, by the same rules asked again now (packages/domain/src/transfer.ts, `applyPaidTransfer`).
 * Answers the refusal when the rules now fail (the deadline passed, the participant checked in,
 * the place passed on meanwhile, the signup no longer confirmed, the transfer lapsed): the caller
 * then owes the fee back, and nothing else changes.
 */
export async function applyPaidTransferIn(
  deps: Deps,
  tx: Transaction,
  actor: Actor,
  input: { transferId: string; signup: SignupRecord },
): Promise<Refusal | undefined> {
  const record = await findTransfer(tx, input.transferId);
  if (!record) return new Refusal("not-found", "The transfer is gone.");
  const target = await appointmentWithEvent(tx, input.signup.appointmentId);
  if (!target) throw new Error(`Signup ${input.signup.id} has no appointment.`);
  const [current] = (await participantsOf(tx, [input.signup.id])).filter((one) => one.id === record.participantId);
  if (!current) return new Refusal("not-found", "The participant is gone.");
  const person = { ...(record.person ?? {}), certificateId: null, certificateExpiresOn: null } as ParticipantInput;
  let step: TransferStep;
  try {
    step = applyPaidTransfer({
      transfer: snapshotOfTransfer(record),
      now: deps.now,
      signup: input.signup,
      participant: { ...current, checkedIn: await isCheckedIn(tx, current.id) },
      to: toPerson(person),
      rules: rulesOf(target),
    });
  } catch (error) {
    if (isRefusal(error)) return error;
    throw error;
  }
  await applyStep(deps, tx, actor, {
    step,
    signup: input.signup,
    current,
    person,
    target,
    locale: record.locale ?? input.signup.locale,
    pending: true,
  });
  return undefined;
}

/** A stored transfer as the domain sees it. */
function snapshotOfTransfer(record: TransferRecord): TransferSnapshot {
  const actor = (
    record.actorUserId ? { kind: record.actorKind, userId: record.actorUserId } : { kind: record.actorKind }
  ) as Actor;
  return {
    id: record.id,
    state: record.state,
    fee: record.fee,
    signupId: record.signupId,
    participantId: record.participantId,
    from: { givenName: record.fromGivenName, familyName: record.fromFamilyName, email: record.fromEmail },
    to: { givenName: record.toGivenName, familyName: record.toFamilyName, email: record.toEmail },
    actor,
    at: record.at,
  };
}

/**
 * Pending transfers not paid within the event's hold minutes lapse (the expiry job): the place stays
 * with the person in it, the transfer says `lapsed`, with an audit line by the site. A fee payment
 * arriving after finds the transfer lapsed and is given back.
 */
export async function lapseTransfers(deps: Deps): Promise<number> {
  let total = 0;
  for (;;) {
    const lapsed = await deps.db.transaction(async (tx) => {
      const rows = await lockLapsedTransfers(tx, deps.now, 200);
      for (const { transfer, eventId } of rows) {
        const change = lapseTransfer({
          transfer: snapshotOfTransfer(transfer),
          eventId,
          expiresAt: transfer.expiresAt,
          now: deps.now,
        });
        await endTransfer(tx, transfer.id, { state: "lapsed" });
        await audit(tx, deps, SYSTEM, change);
      }
      return rows.length;
    });
    total += lapsed;
    if (lapsed < 200) return total;
  }
}

/** The new person's problems against the event's questions, as one refusal on the single resource's fields. */
async function fieldProblems(
  deps: Deps,
  signup: SignupRecord,
  target: SignupTarget,
  person: ParticipantInput,
): Promise<Refusal | undefined> {
  try {
    await checkParticipants(deps.db, signup, { ...target, event: { ...target.event, certificateLater: true } }, [
      person,
    ]);
    return undefined;
  } catch (error) {
    if (!isRefusal(error, "invalid-input")) throw error;
    return new Refusal("invalid-input", "The new participant's data has problems.", {
      problems: error.problems.map(({ index: _index, ...problem }) => problem),
    });
  }
}

/**
 * The mails of a transfer: the person leaving (in the language the transfer was asked in), the
 * person taking the place (the same, with the new ticket code) and the owner, in their account's
 * language with the signup's link. One address gets one mail: the owner's own place passed on is
 * told to them once, as its owner.
 */
async function queueTransferMails(
  deps: Deps,
  tx: Transaction,
  input: {
    signup: SignupRecord;
    appointment: Appointment;
    event: Event;
    transfer: TransferRecord;
    ticketCode: string;
    locale: Locale;
  },
): Promise<void> {
  const { transfer, signup } = input;
  const owner = signup.userId ? await findUserById(tx, signup.userId) : undefined;
  const from = `${transfer.fromGivenName} ${transfer.fromFamilyName}`;
  const to = `${transfer.toGivenName} ${transfer.toFamilyName}`;
  const view = { event: input.event, appointment: input.appointment, signup };
  const certificateDue = input.event.medicalCertificate !== "none";
  const sent = new Set<string>();
  const send = async (address: string, mail: Parameters<typeof transferMail>[0]) => {
    const key = address.toLowerCase();
    if (sent.has(key)) return;
    sent.add(key);
    await queueMail(tx, { to: address, kind: "transfer", signupId: signup.id, ...transferMail(mail) });
  };
  const common = { from, person: to, ticketCode: input.ticketCode, certificateDue };
  if (owner) {
    const locale = mailLanguage(owner);
    await send(owner.email, {
      ...common,
      locale,
      name: owner.givenName,
      to: "owner",
      what: signupTitle(view, locale),
      link: signupRecapUrl(deps.siteUrl, view, locale),
    });
  }
  const what = signupTitle(view, input.locale);
  if (transfer.toEmail)
    await send(transfer.toEmail, {
      ...common,
      locale: input.locale,
      name: transfer.toGivenName,
      to: "taking",
      what,
      link: null,
    });
  if (transfer.fromEmail)
    await send(transfer.fromEmail, {
      ...common,
      locale: input.locale,
      name: transfer.fromGivenName,
      to: "leaving",
      what,
      link: null,
    });
}
