import type { ResourceObject } from "@sports/jsonapi";
import type { ConsoleParticipant, ConsoleSignupRecord, ConsoleSignupRow } from "@sports/usecases";

const relation = (type: string, ids: readonly string[]) => ({ data: ids.map((id) => ({ type, id })) });

/**
 * A row of a signup list: the signup, its holder (participant 1), where its payments stand and, for
 * an organiser, what it paid.
 */
export function signupRowResource(
  row: ConsoleSignupRow,
  participants?: readonly ConsoleParticipant[],
): ResourceObject<"signups", Record<string, unknown>> {
  return {
    type: "signups",
    id: row.id,
    attributes: {
      state: row.state,
      places: row.places,
      createdAt: row.createdAt.toISOString(),
      holderGivenName: row.givenName,
      holderFamilyName: row.familyName,
      accountEmail: row.userEmail,
      paidAmount: row.paidAmount,
      refundedAmount: row.refundedAmount,
      currency: row.currency,
      payment: row.payment,
      raceDay: row.raceDay,
      eventId: row.eventId,
      appointmentId: row.appointmentId,
      discountCode: row.discountCode,
    },
    ...(participants
      ? {
          relationships: {
            participants: relation(
              "participants",
              participants.map((p) => p.id),
            ),
          },
        }
      : {}),
  } as ResourceObject<"signups", Record<string, unknown>>;
}

/** A participant as the console reads it, with its certificate's status on race day. */
export function consoleParticipantResource(
  participant: ConsoleParticipant,
): ResourceObject<"participants", Record<string, unknown>> {
  return {
    type: "participants",
    id: participant.id,
    attributes: {
      signupId: participant.signupId,
      position: participant.position,
      givenName: participant.givenName,
      familyName: participant.familyName,
      email: participant.email,
      birthDate: participant.birthDate,
      hasCertificate: participant.certificateId !== null,
      certificateExpiresOn: participant.certificateExpiresOn,
      certificateStatus: participant.certificateStatus,
      certificateReview: participant.certificateReview,
      certificateReviewReason: participant.certificateReviewReason,
      certificateReviewedAt: participant.certificateReviewedAt?.toISOString() ?? null,
      raceDay: participant.raceDay,
      bib: participant.bib,
      // A club's athlete's own part (docs/decisions/068): without consents or emergency contact, no check-in.
      missing: participant.missing,
      incomplete: participant.missing.some((part) => part !== "certificate"),
    },
  };
}

/** A signup's whole record for the console: the signup, its owner, stays, payments, logs, mails and notes. */
export function consoleSignupResource(record: ConsoleSignupRecord) {
  const { signup } = record;
  return {
    type: "console-signups",
    id: signup.id,
    attributes: {
      state: signup.state,
      places: signup.places,
      createdAt: signup.createdAt.toISOString(),
      paymentDueAt: signup.paymentDueAt?.toISOString() ?? null,
      paymentMethod: signup.paymentMethod,
      eventId: signup.eventId,
      appointmentId: signup.appointmentId,
      owner: record.owner,
      discountCode: record.discountCode,
      price: record.price,
      stays: record.stays.map((stay) => ({
        roomTypeId: stay.roomTypeId,
        roomType: stay.roomType,
        checkIn: stay.checkIn,
        checkOut: stay.checkOut,
        rooms: stay.rooms,
        guests: stay.guests,
      })),
      payments: record.payments.map((payment) => ({
        id: payment.id,
        transferId: payment.transferId,
        provider: payment.provider,
        state: payment.state,
        amount: payment.amount,
        currency: payment.currency,
        refundDue: payment.refundDue,
        refundedAmount: payment.refundedAmount,
        paidAt: payment.paidAt?.toISOString() ?? null,
        createdAt: payment.createdAt.toISOString(),
      })),
      log: [
        ...record.stateLog.map((line) => ({
          source: "signup",
          at: line.at.toISOString(),
          action: line.action,
          actorKind: line.actorKind,
          actorUserId: line.actorUserId,
          fromState: line.fromState,
          toState: line.toState,
        })),
        ...record.consoleLog.map((line) => ({
          source: "console",
          at: line.at.toISOString(),
          action: line.action,
          actorKind: line.actorKind,
          actorUserId: line.actorUserId,
          before: line.before,
          after: line.after,
        })),
      ].sort((a, b) => a.at.localeCompare(b.at)),
      mails: record.mails.map((mail) => ({
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        kind: mail.kind,
        createdAt: mail.createdAt.toISOString(),
        sentAt: mail.sentAt?.toISOString() ?? null,
      })),
      notes: record.notes.map((note) => ({
        id: note.id,
        text: note.text,
        at: note.at.toISOString(),
        authorUserId: note.authorUserId,
      })),
    },
    relationships: {
      participants: relation(
        "participants",
        record.participants.map((p) => p.id),
      ),
    },
  };
}
