import {
  ACCOUNT_TOKEN_PURPOSES,
  type Actor,
  AGE_RULES,
  type AuditEntry,
  BILLING_DOCUMENT_KINDS,
  type BilledItem,
  type BillingDocumentContent,
  type Buyer,
  CARD_KINDS,
  type CardKind,
  type CategoryRules,
  CERTIFICATE_REVIEWS,
  type CourseFigures,
  DISCOUNT_KINDS,
  EVENT_STATUSES,
  GENDER_RESTRICTIONS,
  GENDERS,
  type GrossItem,
  type Locale,
  type LocalizedText,
  MEDICAL_CERTIFICATES,
  PAYMENT_PROVIDER_IDS,
  PAYMENT_STATES,
  type PaymentProviderId,
  type PriceTier,
  RAW_TIME_KINDS,
  RAW_TIME_SOURCES,
  type RankBy,
  RESULT_STATUSES,
  RESULTS_STATES,
  ROLES,
  SIGNUP_MODES,
  SIGNUP_STATES,
  type Split,
  type Sport,
  TAX_REGIMES,
  type TaxTreatment,
  TEAM_ROLES,
  TRANSFER_STATES,
  WAITING_LIST_STATES,
} from "@sports/domain";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

type CourseWaypointRow = CourseFigures["waypoints"][number];

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const localized = (name: string) => jsonb(name).$type<LocalizedText>().notNull().default({});

export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    sport: text("sport").$type<Sport>().notNull(),
    status: text("status", { enum: EVENT_STATUSES }).notNull().default("draft"),
    title: localized("title"),
    summary: localized("summary"),
    description: localized("description"),
    startsAt: instant("starts_at").notNull(),
    endsAt: instant("ends_at").notNull(),
    timeZone: text("time_zone").notNull().default("Europe/Rome"),
    venueName: text("venue_name").notNull(),
    street: text("street"),
    locality: text("locality").notNull(),
    region: text("region"),
    postalCode: text("postal_code"),
    country: text("country").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    coverImage: text("cover_image"),
    coverAlt: localized("cover_alt"),
    signupOpensAt: instant("signup_opens_at"),
    signupClosesAt: instant("signup_closes_at"),
    signupMode: text("signup_mode", { enum: SIGNUP_MODES }).notNull().default("appointment"),
    minAge: integer("min_age"),
    maxAge: integer("max_age"),
    ageRule: text("age_rule", { enum: AGE_RULES }).notNull().default("event-date"),
    medicalCertificate: text("medical_certificate", { enum: MEDICAL_CERTIFICATES }).notNull().default("none"),
    federationCardRequired: boolean("federation_card_required").notNull().default(false),
    /** The kinds of federation card a runner may give (federation-cards.ts); empty: no card asked. */
    acceptedCards: jsonb("accepted_cards").$type<CardKind[]>().notNull().default([]),
    /** A participant may be signed up (and pay) with the certificate still to upload. */
    certificateLater: boolean("certificate_later").notNull().default(false),
    /** Days before the race a participant whose certificate is missing is reminded, e.g. [14, 7, 2]. */
    certificateReminderDays: jsonb("certificate_reminder_days").$type<number[]>().notNull().default([14, 7, 2]),
    participantsPerSignup: integer("participants_per_signup").notNull().default(1),
    holdMinutes: integer("hold_minutes").notNull().default(15),
    /** Hours a place offered to the first in a waiting list is held for them (decision 027). */
    offerHours: integer("offer_hours").notNull().default(24),
    /** Days an unpaid signup keeps its places once submitted. */
    paymentTermDays: integer("payment_term_days").notNull().default(5),
    /** Confirmed signups may be cancelled until this many days before the appointment; null: never. */
    cancellationDaysBefore: integer("cancellation_days_before"),
    /** A confirmed signup's places may be passed to other people until this many days before the appointment; null: never (decision 028). */
    transferDaysBefore: integer("transfer_days_before"),
    /** What an owner's transfer costs, in minor units of the appointments' currency; null or 0: free (decision 028). */
    transferFee: integer("transfer_fee"),
    /** The T-shirt sizes offered to participants; empty when there is no T-shirt. */
    tshirtSizes: jsonb("tshirt_sizes").$type<string[]>().notNull().default([]),
    /** A cancelled paid signup is refunded in full until this many days before; null: never. */
    refundDaysBefore: integer("refund_days_before"),
    /**
     * Check-in opens at the start of the day this many days before an appointment's day, in the
     * event's time zone, and closes when the appointment ends (packages/domain/src/check-in.ts).
     */
    checkInOpensDaysBefore: integer("check_in_opens_days_before").notNull().default(1),
    /** The payment providers this event offers (those of them the site has live are shown). */
    paymentMethods: jsonb("payment_methods")
      .$type<PaymentProviderId[]>()
      .notNull()
      .default([...PAYMENT_PROVIDER_IDS]),
    /** Lower-cased titles in every language, venue and place: what `filter[q]` searches. */
    searchText: text("search_text").notNull().default(""),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("events_slug_key").on(t.slug),
    // Lists read public events (status <> 'draft', a condition no leading status column helps)
    // in date order: these serve the page without a sort. See decision 005.
    index("events_starts_at_idx").on(t.startsAt, t.id),
    index("events_ends_at_idx").on(t.endsAt, t.id),
    // The events under way at an instant, for upcoming lists.
    index("events_period_idx").using("gist", sql`tstzrange(${t.startsAt}, ${t.endsAt}, '[]')`),
    index("events_sport_starts_at_idx").on(t.sport, t.startsAt),
    check("events_dates_check", sql`${t.endsAt} >= ${t.startsAt}`),
    check("events_ages_check", sql`${t.minAge} is null or ${t.maxAge} is null or ${t.minAge} <= ${t.maxAge}`),
    check("events_participants_check", sql`${t.participantsPerSignup} between 1 and 50`),
    check("events_hold_check", sql`${t.holdMinutes} between 1 and 1440`),
    check("events_offer_hours_check", sql`${t.offerHours} between 1 and 168`),
    check("events_payment_term_check", sql`${t.paymentTermDays} between 1 and 60`),
    check(
      "events_transfer_days_check",
      sql`${t.transferDaysBefore} is null or ${t.transferDaysBefore} between 0 and 365`,
    ),
    check("events_transfer_fee_check", sql`${t.transferFee} is null or ${t.transferFee} between 0 and 10000000`),
    check("events_check_in_opens_check", sql`${t.checkInOpensDaysBefore} between 0 and 365`),
    check("events_coordinates_check", sql`(${t.latitude} is null) = (${t.longitude} is null)`),
  ],
);

export const appointments = pgTable(
  "appointments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    title: localized("title"),
    description: localized("description"),
    startsAt: instant("starts_at").notNull(),
    endsAt: instant("ends_at").notNull(),
    capacity: integer("capacity").notNull(),
    /** Places held or sold. Only ever changed by one conditional UPDATE, so it can never pass capacity. */
    placesTaken: integer("places_taken").notNull().default(0),
    currency: text("currency").notNull().default("EUR"),
    priceTiers: jsonb("price_tiers").$type<PriceTier[]>().notNull(),
    signupDeadline: instant("signup_deadline"),
    minAge: integer("min_age"),
    maxAge: integer("max_age"),
    gender: text("gender", { enum: GENDER_RESTRICTIONS }).notNull().default("any"),
    implicit: boolean("implicit").notNull().default(false),
    /** Set when the organiser cancels the appointment: it takes no more signups, its own were cancelled. */
    cancelledAt: instant("cancelled_at"),
    /** The bib numbers this appointment's participants get, first to last; null: no bibs. */
    bibFirst: integer("bib_first"),
    bibLast: integer("bib_last"),
    /** Whether runners may join a waiting list once it is sold out (decision 027). */
    waitingList: boolean("waiting_list").notNull().default(true),
    /**
     * The course's figures in metres, copied from `appointment_courses` in the transaction that
     * stores it, so the catalogue shows them without reading the course (decision 030). Null: no course.
     */
    courseDistance: integer("course_distance"),
    courseElevationGain: integer("course_elevation_gain"),
    courseElevationLoss: integer("course_elevation_loss"),
  },
  (t) => [
    uniqueIndex("appointments_event_slug_key").on(t.eventId, t.slug),
    index("appointments_event_starts_at_idx").on(t.eventId, t.startsAt),
    check("appointments_dates_check", sql`${t.endsAt} >= ${t.startsAt}`),
    check("appointments_capacity_check", sql`${t.placesTaken} >= 0 and ${t.placesTaken} <= ${t.capacity}`),
    check("appointments_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      "appointments_bibs_check",
      sql`(${t.bibFirst} is null) = (${t.bibLast} is null) and (${t.bibFirst} is null or (${t.bibFirst} >= 1 and ${t.bibFirst} <= ${t.bibLast}))`,
    ),
    check(
      "appointments_course_check",
      sql`(${t.courseDistance} is null) = (${t.courseElevationGain} is null) and (${t.courseDistance} is null) = (${t.courseElevationLoss} is null)`,
    ),
  ],
);

/**
 * An appointment's course (decision 030): the organiser's GPX as uploaded, and what was computed
 * from it (packages/domain/src/course.ts). Read only by the course's own endpoints; the catalogue
 * reads the figures copied onto the appointment.
 */
export const appointmentCourses = pgTable("appointment_courses", {
  appointmentId: uuid("appointment_id")
    .primaryKey()
    .references(() => appointments.id, { onDelete: "cascade" }),
  gpx: text("gpx").notNull(),
  distance: integer("distance").notNull(),
  elevationGain: integer("elevation_gain").notNull(),
  elevationLoss: integer("elevation_loss").notNull(),
  highest: doublePrecision("highest"),
  lowest: doublePrecision("lowest"),
  /** How many points the organiser's track has. */
  points: integer("points").notNull(),
  track: jsonb("track").$type<[number, number][]>().notNull(),
  profile: jsonb("profile").$type<[number, number][]>().notNull(),
  waypoints: jsonb("waypoints").$type<CourseWaypointRow[]>().notNull(),
  bounds: jsonb("bounds").$type<[number, number, number, number]>().notNull(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

export const stays = pgTable(
  "stays",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: localized("name"),
    description: localized("description"),
    address: text("address"),
    firstNight: date("first_night", { mode: "string" }).notNull(),
    lastNight: date("last_night", { mode: "string" }).notNull(),
  },
  (t) => [
    uniqueIndex("stays_event_slug_key").on(t.eventId, t.slug),
    check("stays_nights_check", sql`${t.lastNight} >= ${t.firstNight}`),
  ],
);

export const roomTypes = pgTable(
  "room_types",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stayId: uuid("stay_id")
      .notNull()
      .references(() => stays.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    name: localized("name"),
    guests: integer("guests").notNull(),
    pricePerNight: integer("price_per_night").notNull(),
    currency: text("currency").notNull().default("EUR"),
    roomsPerNight: integer("rooms_per_night").notNull(),
  },
  (t) => [
    index("room_types_stay_idx").on(t.stayId, t.position),
    check("room_types_numbers_check", sql`${t.guests} > 0 and ${t.pricePerNight} >= 0 and ${t.roomsPerNight} >= 0`),
  ],
);

export const contentPages = pgTable(
  "content_pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: localized("title"),
    body: localized("body"),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("content_pages_slug_key").on(t.slug)],
);

// Accounts (docs/decisions/009-accounts-and-sessions.md)

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Normalised (`normalizeEmail`): unique as stored. */
    email: text("email").notNull(),
    emailVerifiedAt: instant("email_verified_at"),
    /** An argon2id PHC string, parameters included, so they can be raised later. */
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).notNull().default("user"),
    givenName: text("given_name").notNull(),
    familyName: text("family_name").notNull(),
    birthDate: date("birth_date", { mode: "string" }),
    gender: text("gender", { enum: GENDERS }),
    phone: text("phone"),
    street: text("street"),
    postalCode: text("postal_code"),
    locality: text("locality"),
    country: text("country"),
    club: text("club"),
    federationCard: text("federation_card"),
    /** The codice fiscale, for receipts and invoices (decision 066). */
    taxCode: text("tax_code"),
    /** The billing details given at the last recap, offered again at the next. */
    billing: jsonb("billing").$type<SignupBilling>(),
    preferredLocale: text("preferred_locale").$type<Locale>().notNull(),
    termsAcceptedAt: instant("terms_accepted_at").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email)],
);

/** A login: only the SHA-256 of its token is kept, so a copy of the table opens no account. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: instant("created_at").notNull().defaultNow(),
    expiresAt: instant("expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Single-use links sent by mail (verify an address, reset a password), hashed like sessions. */
export const accountTokens = pgTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    /** For a verification: the address being verified (a new one, on a change of e-mail). */
    email: text("email"),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
  },
  (t) => [index("account_tokens_user_idx").on(t.userId, t.purpose)],
);

/** Throttling counters shared by every server process (rate-limiter-flexible's Drizzle store). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: instant("expire"),
});

// Signups (docs/decisions/011-signups-and-capacity.md)

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * One booking for an appointment. Its places are counted in `appointments.places_taken` from the
 * hold on, and given back when it expires or is cancelled; `places` is how many it holds.
 * A deleted account leaves its signups (the organiser must keep them) without their owner.
 */
export const signups = pgTable(
  "signups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id),
    state: text("state", { enum: SIGNUP_STATES }).notNull(),
    places: integer("places").notNull(),
    holdExpiresAt: instant("hold_expires_at").notNull(),
    paymentDueAt: instant("payment_due_at"),
    /** The language of the page the signup was started on; its mails speak the account's (decision 018). */
    locale: text("locale").$type<Locale>().notNull(),
    paymentMethod: text("payment_method"),
    termsAcceptedAt: instant("terms_accepted_at"),
    /** Whether the visitor has been through the stays step (skipping it counts). */
    staysChosen: boolean("stays_chosen").notNull().default(false),
    /**
     * Participant 1's names, kept by the trigger `participants_holder` (migration 0009) so the
     * console's lists sort by name from an index (decision 026). Null while nobody is named yet.
     */
    holderGivenName: text("holder_given_name"),
    holderFamilyName: text("holder_family_name"),
    /**
     * The discount code applied at the recap (decision 029): while set, the signup holds one of the
     * code's uses (`discount_codes.uses_taken`). Cleared, and the use given back, when the runner
     * removes it or the signup ends unpaid.
     */
    discountCodeId: uuid("discount_code_id").references((): AnyPgColumn => discountCodes.id),
    /** Who its documents are made out to, and which document a person asked for (decision 066); null: the account's name. */
    billing: jsonb("billing").$type<SignupBilling>(),
    /**
     * The club whose entry this is (docs/decisions/068): many athletes in one signup, held by one of
     * its managers (`user_id`), paid once and documented to the club.
     */
    clubId: uuid("club_id").references((): AnyPgColumn => clubs.id, { onDelete: "set null" }),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("signups_user_idx").on(t.userId, t.createdAt),
    index("signups_appointment_idx").on(t.appointmentId, t.state),
    // The console's lists, newest first, of an appointment and of an event (decision 022).
    index("signups_appointment_created_idx").on(t.appointmentId, t.createdAt, t.id),
    index("signups_event_created_idx").on(t.eventId, t.createdAt, t.id),
    // …and by their holder's name (decision 026).
    index("signups_appointment_holder_idx").on(
      t.appointmentId,
      sql`lower(${t.holderFamilyName})`,
      sql`lower(${t.holderGivenName})`,
      t.id,
    ),
    index("signups_event_holder_idx").on(
      t.eventId,
      sql`lower(${t.holderFamilyName})`,
      sql`lower(${t.holderGivenName})`,
      t.id,
    ),
    // One hold per visitor and appointment: a second "Sign up" finds the first. A club's entries are apart.
    uniqueIndex("signups_one_hold_key")
      .on(t.userId, t.appointmentId)
      .where(sql`${t.state} = 'held' and ${t.clubId} is null`),
    // What the sweeper looks for.
    index("signups_hold_lapse_idx").on(t.holdExpiresAt).where(sql`${t.state} = 'held'`),
    index("signups_payment_lapse_idx").on(t.paymentDueAt).where(sql`${t.state} = 'awaiting-payment'`),
    check(
      "signups_places_check",
      sql`${t.places} between 1 and 50 or (${t.clubId} is not null and ${t.places} between 1 and 500)`,
    ),
    index("signups_club_idx").on(t.clubId, t.createdAt).where(sql`${t.clubId} is not null`),
    index("signups_discount_code_idx").on(t.discountCodeId, t.userId).where(sql`${t.discountCodeId} is not null`),
  ],
);

/** The people a signup is for, in order; participant 1 is usually the account's owner. */
export const participants = pgTable(
  "participants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    signupId: uuid("signup_id")
      .notNull()
      .references(() => signups.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    givenName: text("given_name").notNull(),
    familyName: text("family_name").notNull(),
    birthDate: date("birth_date", { mode: "string" }),
    gender: text("gender", { enum: GENDERS }),
    email: text("email"),
    phone: text("phone"),
    nationality: text("nationality"),
    club: text("club"),
    federationCard: text("federation_card"),
    tshirtSize: text("tshirt_size"),
    emergencyContactName: text("emergency_contact_name"),
    emergencyContactPhone: text("emergency_contact_phone"),
    certificateId: uuid("certificate_id").references(() => certificates.id, { onDelete: "set null" }),
    certificateExpiresOn: date("certificate_expires_on", { mode: "string" }),
    /** Null only for a club's athlete who has not yet given their own part (docs/decisions/068). */
    consentsAcceptedAt: instant("consents_accepted_at"),
    /** What the check-in QR code holds: given when the signup is confirmed, never reused. */
    ticketCode: text("ticket_code"),
    /** The organiser's word on the certificate: null while nobody has looked (or since a new upload). */
    certificateReview: text("certificate_review", { enum: CERTIFICATE_REVIEWS }),
    certificateReviewReason: text("certificate_review_reason"),
    certificateReviewedAt: instant("certificate_reviewed_at"),
    certificateReviewedBy: uuid("certificate_reviewed_by"),
    /** The last reminder sent for a missing certificate, as days before the race (null: none yet). */
    certificateRemindedDays: integer("certificate_reminded_days"),
    /** The club roster's athlete this participant was entered from. */
    clubAthleteId: uuid("club_athlete_id").references((): AnyPgColumn => clubAthletes.id, { onDelete: "set null" }),
    /**
     * A club's athlete's own link (docs/decisions/068): the SHA-256 of the token last mailed, until it
     * lapses (the signup deadline) or is used to give their part; each mail carries a new one.
     */
    athleteLinkHash: text("athlete_link_hash"),
    athleteLinkExpiresAt: instant("athlete_link_expires_at"),
    /** When the athlete gave their part through their link; null while it is missing. */
    athleteCompletedAt: instant("athlete_completed_at"),
    /** When the athlete was last mailed their link, first or as a reminder of what is missing (null: never). */
    athleteRemindedAt: instant("athlete_reminded_at"),
  },
  (t) => [
    uniqueIndex("participants_athlete_link_key").on(t.athleteLinkHash),
    uniqueIndex("participants_signup_position_key").on(t.signupId, t.position),
    uniqueIndex("participants_ticket_code_key").on(t.ticketCode),
    // The certificates to review, by name, a page at a time (decision 026).
    index("participants_name_idx").on(sql`lower(${t.familyName})`, sql`lower(${t.givenName})`, t.id),
  ],
);

/** A medical certificate as uploaded: health data, served only to its owner, never publicly. */
export const certificates = pgTable(
  "certificates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    signupId: uuid("signup_id").references(() => signups.id, { onDelete: "cascade" }),
    mediaType: text("media_type").notNull(),
    fileName: text("file_name").notNull(),
    size: integer("size").notNull(),
    content: bytea("content").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("certificates_signup_idx").on(t.signupId), check("certificates_size_check", sql`${t.size} > 0`)],
);

/** Rooms booked in a signup, from check-in to the morning of check-out. */
export const stayBookings = pgTable(
  "stay_bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    signupId: uuid("signup_id")
      .notNull()
      .references(() => signups.id, { onDelete: "cascade" }),
    roomTypeId: uuid("room_type_id")
      .notNull()
      .references(() => roomTypes.id),
    checkIn: date("check_in", { mode: "string" }).notNull(),
    checkOut: date("check_out", { mode: "string" }).notNull(),
    rooms: integer("rooms").notNull(),
    guests: integer("guests").notNull(),
  },
  (t) => [
    index("stay_bookings_signup_idx").on(t.signupId),
    check("stay_bookings_dates_check", sql`${t.checkOut} > ${t.checkIn}`),
    check("stay_bookings_rooms_check", sql`${t.rooms} between 1 and 20 and ${t.guests} >= 1`),
  ],
);

/**
 * Rooms taken per room type and night: a row appears with the first booking of that night and is
 * only ever changed by a conditional upsert, so it can never pass `rooms`, the night's capacity.
 */
export const roomNights = pgTable(
  "room_nights",
  {
    roomTypeId: uuid("room_type_id")
      .notNull()
      .references(() => roomTypes.id, { onDelete: "cascade" }),
    night: date("night", { mode: "string" }).notNull(),
    rooms: integer("rooms").notNull(),
    roomsTaken: integer("rooms_taken").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roomTypeId, t.night] }),
    check("room_nights_capacity_check", sql`${t.roomsTaken} >= 0 and ${t.roomsTaken} <= ${t.rooms}`),
  ],
);

/** Every change of every signup: who, when, from which state to which. Never updated. */
export const signupAudit = pgTable(
  "signup_audit",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    signupId: uuid("signup_id")
      .notNull()
      .references(() => signups.id, { onDelete: "cascade" }),
    action: text("action").$type<AuditEntry["action"]>().notNull(),
    actorKind: text("actor_kind").$type<Actor["kind"]>().notNull(),
    actorUserId: uuid("actor_user_id"),
    fromState: text("from_state", { enum: SIGNUP_STATES }),
    toState: text("to_state", { enum: SIGNUP_STATES }).notNull(),
    at: instant("at").notNull(),
  },
  (t) => [index("signup_audit_signup_idx").on(t.signupId, t.id)],
);

/**
 * One attempt to pay a signup with one provider. The amount is the server's; `refundDue` is what
 * must go back (a late payment without places, a cancelled paid signup), `refundedAmount` what has:
 * while they differ the sweeper retries the refund, so a crash between the two loses no money.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    signupId: uuid("signup_id")
      .notNull()
      .references(() => signups.id, { onDelete: "cascade" }),
    /**
     * Set for a transfer's fee (decision 028): the payment applies that transfer, never confirms the
     * signup. Never cleared: a fee must not turn into the signup's own payment.
     */
    transferId: uuid("transfer_id").references((): AnyPgColumn => transfers.id),
    provider: text("provider", { enum: PAYMENT_PROVIDER_IDS }).notNull(),
    state: text("state", { enum: PAYMENT_STATES }).notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** The provider's id of this payment (Stripe: the Checkout Session). */
    providerReference: text("provider_reference"),
    /** The provider's id of the money movement (Stripe: the PaymentIntent), for refunds. */
    paymentReference: text("payment_reference"),
    redirectUrl: text("redirect_url"),
    refundDue: integer("refund_due").notNull().default(0),
    refundedAmount: integer("refunded_amount").notNull().default(0),
    refundReference: text("refund_reference"),
    /**
     * Why an organiser must look at this payment before anything else happens to it (the provider
     * reported another amount or currency than the payment's); null when nothing is amiss. Such a
     * payment confirms nothing and is not refunded automatically: an organiser decides.
     */
    attention: text("attention"),
    /**
     * What the payment pays for, priced VAT included with the VAT treatment in force when it was
     * made (decision 066): its billing document states these. Null for payments made before.
     */
    billed: jsonb("billed").$type<GrossItem[]>(),
    locale: text("locale").$type<Locale>().notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
    paidAt: instant("paid_at"),
  },
  (t) => [
    index("payments_signup_idx").on(t.signupId, t.createdAt),
    uniqueIndex("payments_provider_reference_key").on(t.provider, t.providerReference),
    index("payments_payment_reference_idx").on(t.paymentReference),
    // What the sweeper retries.
    index("payments_refund_due_idx").on(t.id).where(sql`${t.refundDue} > ${t.refundedAmount}`),
    check("payments_amount_check", sql`${t.amount} >= 0`),
    check("payments_refund_check", sql`${t.refundedAmount} <= ${t.refundDue} and ${t.refundDue} <= ${t.amount}`),
  ],
);

/**
 * Every change of a payment's state, with what caused it. A provider's event id is kept once: the
 * same webhook delivered again finds it here and changes nothing.
 */
export const paymentAudit = pgTable(
  "payment_audit",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    fromState: text("from_state", { enum: PAYMENT_STATES }),
    toState: text("to_state", { enum: PAYMENT_STATES }).notNull(),
    /** What said so: a provider's webhook, asking the provider, an organiser, the visitor, the site. */
    source: text("source").$type<PaymentSource>().notNull(),
    providerEventId: text("provider_event_id"),
    actorUserId: uuid("actor_user_id"),
    note: text("note"),
    at: instant("at").notNull(),
  },
  (t) => [
    index("payment_audit_payment_idx").on(t.paymentId, t.id),
    uniqueIndex("payment_audit_event_key").on(t.providerEventId),
  ],
);

export type PaymentSource = "webhook" | "report" | "organiser" | "visitor" | "site";

// Production (docs/decisions/013-production.md)

/**
 * The first answer to a POST sent with an `Idempotency-Key`: a retry with the same key from the same
 * account gets it again and creates nothing. Written in the transaction that creates the resource,
 * so a key is never recorded for a change that did not happen, nor a change made without its key.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** What was asked (method and path, SHA-256 of the body): the same key for another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    status: integer("status").notNull(),
    /** The resource the first answer created, rendered again as it now stands on a retry. */
    resourceType: text("resource_type"),
    resourceId: uuid("resource_id"),
    /** The first answer's document when it created nothing (a refusal). */
    body: jsonb("body"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);

/**
 * The mail outbox: every mail the site sends is written here in the transaction of the change it
 * reports, then delivered by a worker. A mail is claimed for a while before it is sent, so two
 * processes never send it together, and marked sent after; one whose claim lapsed (its process died)
 * is tried again.
 */
export const outgoingMails = pgTable(
  "outgoing_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Why it is sent (`verify-email`, `awaiting-payment`…), for logs and metrics. */
    kind: text("kind").notNull(),
    /** The signup the mail is about, when it is about one: its page in the console lists them. */
    signupId: uuid("signup_id"),
    /** A billing document whose PDF goes with the mail, drawn when it is sent (documents never change). */
    attachedDocumentId: uuid("attached_document_id"),
    createdAt: instant("created_at").notNull().defaultNow(),
    /** Not tried before this instant: the next attempt after a failure, or the end of a claim. */
    notBefore: instant("not_before").notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: instant("sent_at"),
  },
  (t) => [
    index("outgoing_mails_pending_idx").on(t.notBefore).where(sql`${t.sentAt} is null`),
    index("outgoing_mails_signup_idx").on(t.signupId).where(sql`${t.signupId} is not null`),
  ],
);

// The organiser's console (docs/decisions/020-organiser-console.md)

/**
 * Every change made from the console (and every check-in): who, what, when, and the record before
 * and after. Never updated. `eventId` places an entry under its event for the event's history.
 */
export const auditEntries = pgTable(
  "audit_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: instant("at").notNull(),
    actorKind: text("actor_kind").$type<Actor["kind"]>().notNull(),
    actorUserId: uuid("actor_user_id"),
    /** What was done: `create-event`, `publish-event`, `check-in`… */
    action: text("action").notNull(),
    /** The record it was done to: its type (`events`, `signups`, `participants`…) and id. */
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    eventId: uuid("event_id"),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_entries_subject_idx").on(t.subjectType, t.subjectId, t.id),
    index("audit_entries_event_idx").on(t.eventId, t.id),
    index("audit_entries_at_idx").on(t.at),
  ],
);

/**
 * People the organiser asked onto the team: the account at `email` gets `role` when it accepts the
 * invitation through its mailed single-use link, from a session of its own (docs/decisions/041-team-roles-by-mailbox.md).
 * Removing someone deletes the row and the role.
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    /** Normalised (`normalizeEmail`). */
    email: text("email").primaryKey(),
    role: text("role", { enum: TEAM_ROLES }).notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    invitedAt: instant("invited_at").notNull(),
    /** The SHA-256 of the mailed acceptance link's token; none once accepted (or for a role changed at once). */
    tokenHash: text("token_hash"),
    /** When the link stops working. */
    expiresAt: instant("expires_at"),
  },
  (t) => [uniqueIndex("team_invitations_token_key").on(t.tokenHash)],
);

/** A bib number given in an event: the primary key keeps it unique there, a participant has one at most. */
export const bibs = pgTable(
  "bibs",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    participantId: uuid("participant_id")
      .notNull()
      .references(() => participants.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.number] }),
    uniqueIndex("bibs_participant_key").on(t.participantId),
    check("bibs_number_check", sql`${t.number} >= 1`),
  ],
);

/** A participant checked in on race day: one row at most, so two staff scanning at once make one check-in. */
export const checkIns = pgTable("check_ins", {
  participantId: uuid("participant_id")
    .primaryKey()
    .references(() => participants.id, { onDelete: "cascade" }),
  /** The check-in's own name, for undoing it: a check-in made again after an undo is another one. */
  id: uuid("id").notNull().defaultRandom().unique("check_ins_id_key"),
  at: instant("at").notNull(),
  byUserId: uuid("by_user_id"),
});

/** The organiser's notes on a signup, oldest first. */
export const signupNotes = pgTable(
  "signup_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    signupId: uuid("signup_id")
      .notNull()
      .references(() => signups.id, { onDelete: "cascade" }),
    authorUserId: uuid("author_user_id"),
    text: text("text").notNull(),
    at: instant("at").notNull(),
  },
  (t) => [index("signup_notes_signup_idx").on(t.signupId, t.at)],
);

/** An event's cover image in one width and format, resized from the organiser's upload. */
export const coverImages = pgTable(
  "cover_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** One upload gives several rows (widths, formats) sharing this. */
    uploadId: uuid("upload_id").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    mediaType: text("media_type").notNull(),
    content: bytea("content").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("cover_images_event_idx").on(t.eventId, t.uploadId)],
);

/**
 * A runner in the line for a sold-out appointment (decision 027): waiting, then offered a place (a
 * held signup, `signupId`, until `offerExpiresAt`), then accepted (that signup confirmed), lapsed (the
 * offer unused) or left. `line` orders the waiting: first in, first offered.
 */
export const waitingListEntries = pgTable(
  "waiting_list_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    line: bigserial("line", { mode: "number" }).notNull(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: text("state", { enum: WAITING_LIST_STATES }).notNull().default("waiting"),
    /** The language of the page the runner joined from: the offer's mail speaks the account's (decision 018). */
    locale: text("locale").$type<Locale>().notNull(),
    signupId: uuid("signup_id").references(() => signups.id, { onDelete: "set null" }),
    offeredAt: instant("offered_at"),
    offerExpiresAt: instant("offer_expires_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
    endedAt: instant("ended_at"),
  },
  (t) => [
    // One place in the line per person and appointment.
    uniqueIndex("waiting_list_one_per_person_key")
      .on(t.appointmentId, t.userId)
      .where(sql`${t.state} in ('waiting', 'offered')`),
    // The line itself: who is next.
    index("waiting_list_line_idx").on(t.appointmentId, t.line).where(sql`${t.state} = 'waiting'`),
    index("waiting_list_user_idx").on(t.userId, t.createdAt),
    index("waiting_list_signup_idx").on(t.signupId).where(sql`${t.signupId} is not null`),
  ],
);

/**
 * A runner asked to be mailed when signups open on an appointment ("notify me", decision 027): one
 * row per person and appointment, `notifiedAt` set once the mail is queued.
 */
export const openingAlerts = pgTable(
  "opening_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: instant("created_at").notNull().defaultNow(),
    notifiedAt: instant("notified_at"),
  },
  (t) => [
    uniqueIndex("opening_alerts_one_per_person_key").on(t.appointmentId, t.userId),
    index("opening_alerts_user_idx").on(t.userId, t.createdAt),
    // What the job looks for: alerts not sent yet, by appointment.
    index("opening_alerts_pending_idx").on(t.appointmentId).where(sql`${t.notifiedAt} is null`),
  ],
);

/**
 * A participant's place passed from one person to another (decision 028), kept as history: the
 * participant row itself then holds the new person, with its bib and a new ticket code. Never updated.
 */
export const transfers = pgTable(
  "transfers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    signupId: uuid("signup_id")
      .notNull()
      .references(() => signups.id, { onDelete: "cascade" }),
    participantId: uuid("participant_id")
      .notNull()
      .references(() => participants.id, { onDelete: "cascade" }),
    fromGivenName: text("from_given_name").notNull(),
    fromFamilyName: text("from_family_name").notNull(),
    fromEmail: text("from_email"),
    toGivenName: text("to_given_name").notNull(),
    toFamilyName: text("to_family_name").notNull(),
    toEmail: text("to_email"),
    actorKind: text("actor_kind").$type<Actor["kind"]>().notNull(),
    actorUserId: uuid("actor_user_id"),
    at: instant("at").notNull(),
    /**
     * `done`: the place is the new person's; `pending`: a fee is to be paid first, the new person
     * waiting in `person` until then (and `expiresAt`); `lapsed`: not paid in time, nothing changed.
     */
    state: text("state", { enum: TRANSFER_STATES }).notNull().default("done"),
    /** What the owner pays for it, in minor units of `currency`; null: free. */
    fee: integer("fee"),
    currency: text("currency"),
    /** The new person's participant data, kept while the transfer is pending; cleared once applied or lapsed. */
    person: jsonb("person").$type<Record<string, unknown>>(),
    /** The language the transfer was asked in: its mails, sent once it is applied. */
    locale: text("locale").$type<Locale>(),
    expiresAt: instant("expires_at"),
  },
  (t) => [
    index("transfers_signup_idx").on(t.signupId, t.at),
    // One pending transfer per participant at a time.
    uniqueIndex("transfers_one_pending_key").on(t.participantId).where(sql`${t.state} = 'pending'`),
    index("transfers_pending_idx").on(t.expiresAt).where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * A discount code of an event, or of one of its appointments (decision 029). `uses_taken` counts the
 * signups that hold one of its uses (`signups.discount_code_id`); a use is taken only by one
 * conditional update (`uses_taken < max_uses`), and the check keeps it so whatever runs.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    appointmentId: uuid("appointment_id").references(() => appointments.id, { onDelete: "cascade" }),
    /** Upper case, without spaces (`normalizeDiscountCode`). */
    code: text("code").notNull(),
    kind: text("kind", { enum: DISCOUNT_KINDS }).notNull(),
    value: integer("value").notNull(),
    currency: text("currency"),
    validFrom: instant("valid_from"),
    validUntil: instant("valid_until"),
    maxUses: integer("max_uses").notNull(),
    perPersonLimit: integer("per_person_limit"),
    /** Members only: club names or federation cards; empty for everyone. */
    members: jsonb("members").$type<string[]>().notNull().default([]),
    active: boolean("active").notNull().default(true),
    usesTaken: integer("uses_taken").notNull().default(0),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("discount_codes_event_code_key").on(t.eventId, t.code),
    check("discount_codes_uses_check", sql`${t.usesTaken} >= 0 and ${t.usesTaken} <= ${t.maxUses}`),
    check(
      "discount_codes_value_check",
      sql`(${t.kind} = 'percent' and ${t.value} between 1 and 100 and ${t.currency} is null) or (${t.kind} = 'amount' and ${t.value} >= 1 and ${t.currency} ~ '^[A-Z]{3}$')`,
    ),
    check(
      "discount_codes_limits_check",
      sql`${t.maxUses} >= 1 and (${t.perPersonLimit} is null or ${t.perPersonLimit} >= 1)`,
    ),
  ],
);

// Results (docs/decisions/063-results-from-raw-times.md)

/**
 * How a race's results are worked out and where they stand: one row per appointment that has any.
 * `version` goes up with every change of its raw times, so an import's preview knows whether the
 * results moved before it is applied.
 */
export const raceResults = pgTable("race_results", {
  appointmentId: uuid("appointment_id")
    .primaryKey()
    .references(() => appointments.id, { onDelete: "cascade" }),
  /** The race's actual start (the gun): clock times become gun times from it. */
  startedAt: instant("started_at"),
  rankBy: text("rank_by").$type<RankBy>().notNull().default("gunTime"),
  categoryRules: jsonb("category_rules").$type<CategoryRules>().notNull().default({ kind: "fidal" }),
  state: text("state", { enum: RESULTS_STATES }).notNull().default("unpublished"),
  claimsUntil: instant("claims_until"),
  version: integer("version").notNull().default(0),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

/** A timing file as uploaded, kept while its preview is looked at and once applied, with what it did. */
export const resultImports = pgTable(
  "result_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    format: text("format", { enum: ["csv", "xlsx", "iof"] }).notNull(),
    content: bytea("content").notNull(),
    columns: jsonb("columns").$type<string[]>().notNull(),
    mapping: jsonb("mapping").$type<Record<string, unknown>>().notNull(),
    summary: jsonb("summary").$type<Record<string, unknown>>().notNull(),
    state: text("state", { enum: ["preview", "applied"] })
      .notNull()
      .default("preview"),
    /** The results' version the preview was made on. */
    version: integer("version").notNull(),
    createdBy: uuid("created_by"),
    createdAt: instant("created_at").notNull().defaultNow(),
    appliedAt: instant("applied_at"),
  },
  (t) => [index("result_imports_appointment_idx").on(t.appointmentId, t.createdAt)],
);

// Federation cards (packages/domain/src/federation-cards.ts)

/**
 * A card list file as uploaded for an event and a kind of card, kept with its dry run while it is
 * looked at and once applied. `listDigest` is the digest of the event's list of that kind the
 * preview was made on, so applying it knows whether the list changed since.
 */
export const cardListImports = pgTable(
  "card_list_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CARD_KINDS }).notNull(),
    content: bytea("content").notNull(),
    summary: jsonb("summary").$type<Record<string, unknown>>().notNull(),
    listDigest: text("list_digest").notNull(),
    state: text("state", { enum: ["preview", "applied"] })
      .notNull()
      .default("preview"),
    createdBy: uuid("created_by"),
    createdAt: instant("created_at").notNull().defaultNow(),
    appliedAt: instant("applied_at"),
  },
  (t) => [index("card_list_imports_event_idx").on(t.eventId, t.kind, t.createdAt)],
);

/** The valid cards of an event's list of one kind, as its last applied file gave them. */
export const federationCards = pgTable(
  "federation_cards",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CARD_KINDS }).notNull(),
    /** Upper case, without spaces (`normalizeCard`). */
    card: text("card").notNull(),
    familyName: text("family_name").notNull(),
    givenName: text("given_name").notNull(),
    birthDate: date("birth_date", { mode: "string" }),
    validUntil: date("valid_until", { mode: "string" }),
    club: text("club"),
    /** The applied file that wrote the card as it is. */
    importId: uuid("import_id").references(() => cardListImports.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.kind, t.card], name: "federation_cards_pkey" })],
);

// Clubs (docs/decisions/068-club-entries.md)

/** A sports club (società sportiva) whose managers enter its athletes for races. */
export const clubs = pgTable("clubs", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  /** The federation or promotion body the club is affiliated to, as it writes it (FIDAL, UISP…). */
  federation: text("federation"),
  /** The club's code with that federation. */
  code: text("code"),
  contactEmail: text("contact_email").notNull(),
  contactPhone: text("contact_phone"),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: instant("created_at").notNull().defaultNow(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

/** The accounts that manage a club: its creator, and whoever a manager invited and accepted. */
export const clubManagers = pgTable(
  "club_managers",
  {
    clubId: uuid("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addedAt: instant("added_at").notNull().defaultNow(),
    addedBy: uuid("added_by"),
  },
  (t) => [
    primaryKey({ columns: [t.clubId, t.userId], name: "club_managers_pkey" }),
    index("club_managers_user_idx").on(t.userId),
  ],
);

/**
 * A manager's invitation of another to manage the club, by a mailed link: taken only by a session of
 * the account at the invited address (as the team's, docs/decisions/041), once, within seven days.
 */
export const clubManagerInvitations = pgTable(
  "club_manager_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clubId: uuid("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: uuid("invited_by"),
    createdAt: instant("created_at").notNull().defaultNow(),
    expiresAt: instant("expires_at").notNull(),
    acceptedAt: instant("accepted_at"),
  },
  (t) => [
    uniqueIndex("club_manager_invitations_token_key").on(t.tokenHash),
    index("club_manager_invitations_club_idx").on(t.clubId, t.createdAt),
  ],
);

/** A club's roster: its athletes, kept from one race to the next, each perhaps linked to their own account. */
export const clubAthletes = pgTable(
  "club_athletes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clubId: uuid("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    givenName: text("given_name").notNull(),
    familyName: text("family_name").notNull(),
    birthDate: date("birth_date", { mode: "string" }),
    gender: text("gender", { enum: GENDERS }),
    email: text("email"),
    phone: text("phone"),
    nationality: text("nationality"),
    federationCard: text("federation_card"),
    tshirtSize: text("tshirt_size"),
    emergencyContactName: text("emergency_contact_name"),
    emergencyContactPhone: text("emergency_contact_phone"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [index("club_athletes_name_idx").on(t.clubId, sql`lower(${t.familyName})`, sql`lower(${t.givenName})`, t.id)],
);

/**
 * A club's entry for an appointment: the rows previewed (from the roster or a file), each with its
 * problems and category, until its valid rows are held, all at once, as one signup of the club.
 */
export const clubEntries = pgTable(
  "club_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clubId: uuid("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    state: text("state", { enum: ["preview", "held"] })
      .notNull()
      .default("preview"),
    /** Where the rows came from: athletes picked from the roster, or a file. */
    source: text("source", { enum: ["roster", "file"] }).notNull(),
    /** The rows as previewed and checked (packages/usecases/src/clubs). */
    rows: jsonb("rows").$type<unknown[]>().notNull(),
    /** The signup the valid rows were held as. */
    signupId: uuid("signup_id").references(() => signups.id, { onDelete: "set null" }),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
    heldAt: instant("held_at"),
  },
  (t) => [
    index("club_entries_club_idx").on(t.clubId, t.createdAt),
    index("club_entries_appointment_idx").on(t.appointmentId, t.createdAt),
  ],
);

/** Every time as it arrived, never changed: files, IOF lists and console edits (with who and why). */
export const rawTimes = pgTable(
  "raw_times",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    bib: integer("bib").notNull(),
    /** `start`, `finish`, or a split's name. */
    point: text("point").notNull(),
    kind: text("kind", { enum: RAW_TIME_KINDS }).notNull(),
    seconds: doublePrecision("seconds"),
    status: text("status", { enum: RESULT_STATUSES }),
    givenName: text("given_name"),
    familyName: text("family_name"),
    club: text("club"),
    source: text("source", { enum: RAW_TIME_SOURCES }).notNull(),
    importId: uuid("import_id").references(() => resultImports.id, { onDelete: "set null" }),
    /** The file's line the time was read from. */
    line: integer("line"),
    reason: text("reason"),
    receivedAt: instant("received_at").notNull(),
    byUserId: uuid("by_user_id"),
  },
  (t) => [
    index("raw_times_appointment_bib_idx").on(t.appointmentId, t.bib, t.id),
    check(
      "raw_times_value_check",
      sql`(${t.kind} = 'status') = (${t.status} is not null) and (${t.kind} = 'status' or ${t.seconds} is not null)`,
    ),
  ],
);

/** A race's results as computed from its raw times: one line per bib, rewritten when they change. */
export const results = pgTable(
  "results",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    bib: integer("bib").notNull(),
    participantId: uuid("participant_id").references(() => participants.id, { onDelete: "set null" }),
    givenName: text("given_name").notNull(),
    familyName: text("family_name").notNull(),
    club: text("club"),
    gender: text("gender"),
    birthDate: date("birth_date", { mode: "string" }),
    category: text("category"),
    status: text("status", { enum: RESULT_STATUSES }).notNull(),
    netTime: doublePrecision("net_time"),
    gunTime: doublePrecision("gun_time"),
    rankOverall: integer("rank_overall"),
    rankGender: integer("rank_gender"),
    rankCategory: integer("rank_category"),
    splits: jsonb("splits").$type<Split[]>().notNull().default([]),
    /** Lower case, accents aside: names, bib and club, for the search. */
    searchText: text("search_text").notNull(),
    /** The diploma's code: given once, kept through every recomputation. */
    diplomaCode: text("diploma_code").notNull(),
    /** When the finisher was mailed their official result: once, however often results go back and forth. */
    mailedAt: instant("mailed_at"),
  },
  (t) => [
    uniqueIndex("results_appointment_bib_key").on(t.appointmentId, t.bib),
    uniqueIndex("results_diploma_code_key").on(t.diplomaCode),
    index("results_appointment_rank_idx").on(t.appointmentId, t.rankOverall, t.bib),
    // The results by name, a page at a time.
    index("results_appointment_name_idx").on(
      t.appointmentId,
      sql`lower(${t.familyName})`,
      sql`lower(${t.givenName})`,
      t.bib,
    ),
    index("results_participant_idx").on(t.participantId),
  ],
);

// Billing (docs/decisions/066-billing-documents.md)

/** A signup's billing details: who the documents name, and whether a person asked for an invoice. */
export interface SignupBilling {
  buyer: Buyer;
  document: "receipt" | "invoice";
}

/** The organiser's fiscal identity and document settings: one row, set in the console. */
export const organisation = pgTable(
  "organisation",
  {
    id: integer("id").primaryKey().default(1),
    legalName: text("legal_name").notNull(),
    street: text("street").notNull(),
    postalCode: text("postal_code").notNull(),
    locality: text("locality").notNull(),
    province: text("province"),
    country: text("country").notNull(),
    vatNumber: text("vat_number"),
    taxCode: text("tax_code"),
    taxRegime: text("tax_regime", { enum: TAX_REGIMES }).notNull(),
    /** Printed before every document's number; may be empty. */
    documentPrefix: text("document_prefix").notNull().default(""),
    /** The series of invoices and their credit notes, and of receipts and refund receipts. */
    invoiceSeries: text("invoice_series").notNull().default("F"),
    receiptSeries: text("receipt_series").notNull().default("R"),
    /** What a private person gets unless they ask for an invoice. */
    personDocument: text("person_document", { enum: ["receipt", "invoice"] })
      .notNull()
      .default("receipt"),
    treatments: jsonb("treatments").$type<Record<BilledItem, TaxTreatment>>().notNull(),
    stampDutyApplies: boolean("stamp_duty_applies").notNull().default(false),
    stampDutyChargedToBuyer: boolean("stamp_duty_charged_to_buyer").notNull().default(true),
    /** The intermediary who sends the invoices to the SdI (its country and code); null: the organiser's own VAT number. */
    transmitterCountry: text("transmitter_country"),
    transmitterCode: text("transmitter_code"),
    /** How often invoices are handed out to the intermediary: the console warns of older ones. */
    handOverEveryDays: integer("hand_over_every_days").notNull().default(3),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [check("organisation_one_row", sql`${t.id} = 1`)],
);

/** The last number given in each series and year: taken in the transaction that issues the document, so numbers never skip. */
export const billingSequences = pgTable(
  "billing_sequences",
  {
    series: text("series").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/**
 * Every receipt, invoice, credit note and refund receipt issued. Never updated nor deleted: a
 * trigger (migration 0021) refuses both. What changes later, an invoice's way through the SdI, is in
 * `billing_transmissions`.
 */
export const billingDocuments = pgTable(
  "billing_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: BILLING_DOCUMENT_KINDS }).notNull(),
    series: text("series").notNull(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    /** 0, or the how-many-th issue of an invoice the SdI rejected, sent again with its number and date. */
    revision: integer("revision").notNull().default(0),
    number: text("number").notNull(),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    signupId: uuid("signup_id")
      .notNull()
      .references(() => signups.id),
    paymentId: uuid("payment_id").references(() => payments.id),
    /** A correction's place among its payment's refunds: what had gone back in all with it. */
    refundedUpTo: integer("refunded_up_to"),
    correctsId: uuid("corrects_id").references((): AnyPgColumn => billingDocuments.id),
    /** The rejected issue this one replaces. */
    replacesId: uuid("replaces_id").references((): AnyPgColumn => billingDocuments.id),
    total: integer("total").notNull(),
    currency: text("currency").notNull(),
    content: jsonb("content").$type<BillingDocumentContent>().notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("billing_documents_number_key").on(t.series, t.year, t.sequence, t.revision),
    // One document per payment; one correction per refund of it.
    uniqueIndex("billing_documents_payment_key")
      .on(t.paymentId)
      .where(sql`${t.refundedUpTo} is null and ${t.revision} = 0`),
    uniqueIndex("billing_documents_refund_key")
      .on(t.paymentId, t.refundedUpTo)
      .where(sql`${t.refundedUpTo} is not null`),
    uniqueIndex("billing_documents_replaces_key").on(t.replacesId),
    index("billing_documents_signup_idx").on(t.signupId, t.createdAt),
    index("billing_documents_issued_idx").on(t.issuedOn, t.id),
  ],
);

export const TRANSMISSION_STATES = [
  "pending",
  "handed-out",
  "delivered",
  "not-delivered",
  "rejected",
  "outcome",
] as const;
export type TransmissionState = (typeof TRANSMISSION_STATES)[number];

/** An invoice's or credit note's way to the SdI: its file, when it was handed out, what the SdI answered. */
export const billingTransmissions = pgTable(
  "billing_transmissions",
  {
    documentId: uuid("document_id")
      .primaryKey()
      .references(() => billingDocuments.id),
    /** Numbers the file's name (`sdiProgressive`): unique, never reused, even for a rejected invoice sent again. */
    fileSequence: bigserial("file_sequence", { mode: "number" }).notNull(),
    fileName: text("file_name").notNull(),
    state: text("state", { enum: TRANSMISSION_STATES }).notNull().default("pending"),
    handedOutAt: instant("handed_out_at"),
    sdiId: text("sdi_id"),
    /** What the SdI said: its errors for a rejection, the outcome for a public body. */
    reason: text("reason"),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("billing_transmissions_file_key").on(t.fileName),
    index("billing_transmissions_state_idx").on(t.state),
  ],
);

/**
 * An event's waiting room for its opening (docs/decisions/072-waiting-room.md): its pace, the key its
 * passes are signed with, and the line's tail: the last place given and its admission time.
 * `rankedAt`: when the shuffled arrivals were given their places, at the opening.
 */
export const waitingRooms = pgTable("waiting_rooms", {
  eventId: uuid("event_id")
    .primaryKey()
    .references(() => events.id, { onDelete: "cascade" }),
  shuffleMinutes: integer("shuffle_minutes").notNull(),
  admitPerMinute: integer("admit_per_minute").notNull(),
  /** 32 random bytes, hex: the passes' HMAC key, the same for every process. */
  passKey: text("pass_key").notNull(),
  rankedAt: instant("ranked_at"),
  lastPlace: integer("last_place").notNull().default(0),
  lastAdmitAt: instant("last_admit_at"),
  createdAt: instant("created_at").notNull().defaultNow(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

/**
 * An account's one place in an event's waiting room: a random `shuffleKey` for an arrival before the
 * opening (its place and admission time are drawn at the opening), a place and an admission time at
 * once for a later one. `passUsedAt`: the turn's pass taken by a signup's hold.
 */
export const queueEntries = pgTable(
  "queue_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => waitingRooms.eventId, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    shuffleKey: doublePrecision("shuffle_key"),
    place: integer("place"),
    admitAt: instant("admit_at"),
    passUsedAt: instant("pass_used_at"),
    joinedAt: instant("joined_at").notNull(),
  },
  (t) => [
    uniqueIndex("queue_entries_one_per_account_key").on(t.eventId, t.userId),
    // A room's entries by admission time. Reads of an entry no longer look the last admitted up
    // (decision 074); dropping the index is a migration of its own.
    index("queue_entries_admission_idx").on(t.eventId, t.admitAt),
  ],
);
