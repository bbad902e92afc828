import { missingParts, transfersOpen } from "@sports/domain";
import type {
  BillingAttributes,
  CertificateAttributes,
  ParticipantAttributes,
  PaymentMethod,
  ResourceObject,
  SignupAttributes,
  SignupRefund,
  StayBookingAttributes,
} from "@sports/jsonapi";
import {
  type CertificateFile,
  confirmedCancellable,
  mayChooseMethodAgain,
  type ParticipantRecord,
  priceOf,
  type RefundStanding,
  refundStandingOf,
  type SignupBilling,
  type SignupView,
  type StayBookingRecord,
  signupReference,
  ticketQrSvg,
} from "@sports/usecases";
import { buyerAttributes } from "../billing/serializers.ts";
import { appointmentResource, eventResource, type SerializeContext } from "../catalogue/serializers.ts";

/** Billing details as the API shows them: the buyer, and the document a person asked for. */
export function billingAttributes(billing: SignupBilling | null): BillingAttributes | null {
  if (!billing) return null;
  return { ...buyerAttributes(billing.buyer), document: billing.document };
}

/**
 * A signup as the API shows it; `lastBilling`, the owner's billing details of their last recap, is
 * given only in the answer about this one signup.
 */
export function signupResource(
  view: SignupView,
  now: Date,
  lastBilling: SignupBilling | null = null,
): ResourceObject<"signups", SignupAttributes> {
  const { signup, appointment, event } = view;
  const open = signup.state === "held" || signup.state === "awaiting-payment";
  // Once one of its people is through the gate, its owner may neither cancel nor transfer it.
  const confirmed = signup.state === "confirmed" && !view.checkedIn;
  const cancellable = open || (confirmed && confirmedCancellable(event, appointment, now));
  const attributes: SignupAttributes = {
    state: signup.state,
    reference: signupReference(signup.id),
    places: signup.places,
    holdExpiresAt: signup.holdExpiresAt.toISOString(),
    paymentDueAt: signup.paymentDueAt?.toISOString() ?? null,
    paymentMethod: signup.paymentMethod as PaymentMethod | null,
    paymentMethodChangeable: mayChooseMethodAgain(signup, view.payments),
    termsAccepted: signup.termsAcceptedAt !== null,
    staysChosen: signup.staysChosen,
    price: priceOf(view, now),
    cancellable,
    transferable:
      confirmed && transfersOpen({ transferDaysBefore: event.transferDaysBefore, startsAt: appointment.startsAt }, now),
    pendingTransfers: view.pendingTransfers
      .filter((transfer) => !transfer.expiresAt || transfer.expiresAt > now)
      .map((transfer) => ({
        id: transfer.id,
        participant: transfer.participantId,
        to: { givenName: transfer.toGivenName, familyName: transfer.toFamilyName },
        fee: transfer.fee,
        expiresAt: transfer.expiresAt?.toISOString() ?? null,
      })),
    refund: refundResource(refundStandingOf(view, now, cancellable)),
    billing: billingAttributes(signup.billing),
    lastBilling: billingAttributes(lastBilling),
    document: view.personDocument && (signup.billing?.document ?? view.personDocument),
    createdAt: signup.createdAt.toISOString(),
  };
  return {
    type: "signups",
    id: signup.id,
    attributes,
    relationships: {
      event: { data: { type: "events", id: event.id } },
      appointment: { data: { type: "appointments", id: appointment.id } },
      // A club's entry held as one signup (docs/decisions/068-club-entries.md); null for a runner's own.
      club: { data: signup.clubId ? { type: "clubs", id: signup.clubId } : null },
      participants: {
        data: view.participants.map((participant) => ({ type: "participants", id: participant.id })),
        links: { related: `/api/signups/${signup.id}/participants` },
      },
      stayBookings: {
        data: view.stayBookings.map((booking) => ({ type: "stay-bookings", id: booking.id })),
        links: { related: `/api/signups/${signup.id}/stay-bookings` },
      },
    },
    links: { self: `/api/signups/${signup.id}` },
  };
}

function refundResource(refund: RefundStanding | null): SignupRefund | null {
  if (!refund) return null;
  return {
    amount: { amount: refund.amount, currency: refund.currency },
    reason: refund.reason,
    refundableUntil: refund.refundableUntil?.toISOString() ?? null,
    state: refund.state,
  };
}

/**
 * A participant; `withTicket` (a confirmed signup, for its owner) adds the ticket code, its QR code
 * and the bib (`bibs`, by participant id).
 */
export function participantResource(
  participant: ParticipantRecord,
  options: {
    withTicket?: boolean;
    bibs?: ReadonlyMap<string, number>;
    /** A club's signup's (docs/decisions/068): each athlete's own part, and whether the event asks a certificate. */
    athletePart?: { certificateRequired: boolean };
  } = {},
): ResourceObject<"participants", ParticipantAttributes> {
  // The organiser's bookkeeping (who reviewed, when a reminder went) is not the runner's to see, nor
  // an athlete's link (only its hash is kept, and it is the athlete's).
  const {
    id,
    signupId: _signupId,
    consentsAcceptedAt,
    ticketCode,
    certificateReviewedBy: _reviewer,
    certificateReviewedAt: _reviewedAt,
    certificateRemindedDays: _reminded,
    clubAthleteId: _athlete,
    athleteLinkHash: _link,
    athleteLinkExpiresAt: _lapse,
    athleteCompletedAt: _completed,
    athleteRemindedAt: _remindedAt,
    ...fields
  } = participant;
  const ticket = options.withTicket && ticketCode ? ticketCode : null;
  const missing = options.athletePart ? missingParts({ ...participant, ...options.athletePart }) : [];
  return {
    type: "participants",
    id,
    attributes: {
      ...fields,
      termsAccepted: consentsAcceptedAt !== null,
      privacyAccepted: consentsAcceptedAt !== null,
      incomplete: missing.some((part) => part !== "certificate"),
      missing,
      ticketCode: ticket,
      ticketQr: ticket ? ticketQrSvg(ticket) : null,
      ...(options.withTicket ? { bib: options.bibs?.get(id) ?? null } : {}),
    },
  };
}

export function stayBookingResource(
  booking: StayBookingRecord,
): ResourceObject<"stay-bookings", StayBookingAttributes> {
  const { id, signupId: _signupId, ...attributes } = booking;
  return { type: "stay-bookings", id, attributes };
}

export function certificateResource(
  signupId: string,
  file: Pick<CertificateFile, "id" | "fileName" | "mediaType" | "size" | "createdAt">,
): ResourceObject<"certificates", CertificateAttributes> {
  return { ...certificateFileResource(file), links: { self: `/api/signups/${signupId}/certificates/${file.id}` } };
}

/** A certificate's file as a resource, without the signup's link (which an athlete's link never shows). */
export function certificateFileResource(
  file: Pick<CertificateFile, "id" | "fileName" | "mediaType" | "size" | "createdAt">,
): ResourceObject<"certificates", CertificateAttributes> {
  return {
    type: "certificates",
    id: file.id,
    attributes: {
      fileName: file.fileName,
      mediaType: file.mediaType as CertificateAttributes["mediaType"],
      size: file.size,
      createdAt: file.createdAt.toISOString(),
    },
  };
}

/** The resources a signup's document includes: its appointment and event, participants and stays. */
export function includedOf(views: readonly SignupView[], context: SerializeContext): ResourceObject[] {
  const included = new Map<string, ResourceObject>();
  const add = (resource: ResourceObject) => included.set(`${resource.type}:${resource.id}`, resource);
  for (const view of views) {
    add(eventResource(view.event, [], { ...context, includeAppointments: false }));
    add(appointmentResource(view.appointment, view.event, context));
    const withTicket = view.signup.state === "confirmed";
    const athletePart = view.signup.clubId
      ? { athletePart: { certificateRequired: view.event.medicalCertificate !== "none" } }
      : {};
    for (const participant of view.participants)
      add(participantResource(participant, { withTicket, bibs: view.bibs, ...athletePart }));
    for (const booking of view.stayBookings) add(stayBookingResource(booking));
  }
  return [...included.values()];
}
