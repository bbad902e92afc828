import type { Texts } from "../lib/catalogue-values.ts";
import * as m from "../paraglide/messages.js";

/** The event's texts written in every language. */
export const EVENT_TEXT_FIELDS = ["title", "summary", "description"] as const;

/** What each status of an event is called in the console. */
export const STATUS_LABELS = {
  draft: m.console_event_status_draft,
  published: m.console_event_status_published,
  cancelled: m.console_event_status_cancelled,
};

/** An event as the console reads it (`GET /api/console/events/{id}`): every language, its appointments and stays. */
export interface EventDocument {
  data: {
    id: string;
    attributes: {
      slug: string;
      sport: string;
      status: "draft" | "published" | "cancelled";
      title: Texts;
      summary: Texts;
      description: Texts;
      startsAt: string;
      endsAt: string;
      timeZone: string;
      venue: { name: string; locality: string; country: string; latitude: number | null; longitude: number | null };
      coverAlt: Texts;
      signupOpensAt: string | null;
      signupClosesAt: string | null;
      minAge: number | null;
      maxAge: number | null;
      ageRule: string;
      medicalCertificate: string;
      certificateLater: boolean;
      certificateReminderDays: number[];
      federationCardRequired: boolean;
      participantsPerSignup: number;
      holdMinutes: number;
      offerHours: number;
      paymentTermDays: number;
      cancellationDaysBefore: number | null;
      transferDaysBefore: number | null;
      transferFee: number | null;
      refundDaysBefore: number | null;
      checkInOpensDaysBefore: number;
      paymentMethods: string[];
      tshirtSizes: string[];
      /** The opening's waiting room (docs/decisions/072-waiting-room.md); null without one. */
      waitingRoom?: { shuffleMinutes: number; admitPerMinute: number } | null;
    };
  };
  included: {
    type: string;
    id: string;
    attributes: {
      slug: string;
      title?: Texts;
      name?: Texts;
      startsAt?: string;
      capacity?: number;
      placesTaken?: number;
      status?: "open" | "cancelled";
      firstNight?: string;
      lastNight?: string;
    };
  }[];
}

/** An appointment or a stay of the event, as included with it. */
export type EventPart = EventDocument["included"][number];
