import type { PaymentMethod, PaymentState, PriceBreakdown } from "@sports/jsonapi";

/** A participant of a signup as the team reads it, with where their certificate stands. */
export interface Participant {
  id: string;
  attributes: {
    position: number;
    givenName: string;
    familyName: string;
    email: string | null;
    hasCertificate: boolean;
    certificateExpiresOn: string | null;
    certificateStatus: string;
    certificateReviewReason: string | null;
    /** Its bib number in the event; null: none yet. */
    bib?: number | null;
    /** A club's athlete's own part still missing (docs/decisions/068); none for a runner's. */
    missing?: string[];
  };
}

/** A signup's whole record for the team (`GET /api/console/signups/{id}`), its participants included. */
export interface SignupDocument {
  data: {
    id: string;
    attributes: {
      state: string;
      places: number;
      createdAt: string;
      eventId: string;
      appointmentId: string;
      owner: { email: string; givenName: string; familyName: string } | null;
      discountCode: { id: string; code: string } | null;
      price: PriceBreakdown | null;
      stays: {
        roomTypeId: string;
        roomType: Partial<Record<string, string>>;
        checkIn: string;
        checkOut: string;
        rooms: number;
        guests: number;
      }[];
      /** The amounts are null for staff (as are `price` and `discountCode`). */
      payments: {
        id: string;
        /** The transfer whose fee this pays; null: the signup's own payment. */
        transferId: string | null;
        provider: PaymentMethod;
        state: PaymentState;
        amount: number | null;
        currency: string;
        refundDue: number | null;
        refundedAmount: number | null;
        createdAt: string;
      }[];
      log: { source: string; at: string; action: string; actorKind: string; toState?: string }[];
      mails: { id: string; to: string; subject: string; createdAt: string; sentAt: string | null }[];
      notes: { id: string; text: string; at: string }[];
    };
  };
  included: Participant[];
}

/** A place passed on (`GET /api/console/transfers?filter[signup]=`), for the organiser. */
export interface TransferLine {
  id: string;
  attributes: {
    from: { givenName: string; familyName: string };
    to: { givenName: string; familyName: string };
    by: "owner" | "organiser";
    at: string;
    /** `pending`: waiting for the owner's fee; `lapsed`: not paid in time (docs/decisions/028-transfers.md). */
    state?: "pending" | "done" | "lapsed";
  };
}
