/**
 * The catalogue's resources as the API serves them: the contract between packages/api and the site.
 * Texts are already in the answer's language (see `Content-Language`); money is in minor units.
 */
/**
 * The sports an event may have: part of the contract, so the site can offer them as filters.
 * packages/domain holds the same list for its rules; packages/api tests that the two agree.
 */
export const SPORTS = [
  "trail-running",
  "road-running",
  "cycling",
  "mountain-biking",
  "swimming",
  "triathlon",
  "padel",
  "tennis",
  "multisport-camp",
] as const;
export type Sport = (typeof SPORTS)[number];

export interface Money {
  amount: number;
  currency: string;
}

export type AvailabilityState = "open" | "not-yet-open" | "closed" | "sold-out";

export interface Availability {
  capacity: number;
  remaining: number;
  state: AvailabilityState;
}

export interface EventAttributes {
  slug: string;
  sport: Sport;
  status: "published" | "cancelled";
  title: string;
  summary: string | null;
  description: string | null;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  venue: {
    name: string;
    street: string | null;
    locality: string;
    region: string | null;
    postalCode: string | null;
    country: string;
    latitude: number | null;
    longitude: number | null;
  };
  cover: { url: string; alt: string } | null;
  signupOpensAt: string | null;
  signupClosesAt: string | null;
  signupMode: "appointment" | "event";
  rules: {
    minAge: number | null;
    maxAge: number | null;
    ageRule: "event-date" | "birth-year";
    medicalCertificate: "none" | "non-competitive" | "competitive";
    federationCardRequired: boolean;
    participantsPerSignup: number;
    holdMinutes: number;
  };
  priceFrom: Money | null;
  availability: Availability | null;
  updatedAt: string;
}

export interface AppointmentAttributes extends Availability {
  slug: string;
  title: string;
  description: string | null;
  startsAt: string;
  endsAt: string;
  currency: string;
  priceTiers: { until: string | null; amount: number }[];
  currentPrice: Money | null;
  /** When signups close: the appointment's own deadline, else the event's window, else its start. */
  signupDeadline: string;
  eligibility: { minAge: number | null; maxAge: number | null; gender: "any" | "female" | "male" };
  implicit: boolean;
}

export interface StayAttributes {
  slug: string;
  name: string;
  description: string | null;
  address: string | null;
  firstNight: string;
  lastNight: string;
  roomTypes: { id: string; name: string; guests: number; pricePerNight: Money; roomsPerNight: number }[];
}

export interface PageAttributes {
  slug: string;
  title: string;
  body: string;
  updatedAt: string;
}

/**
 * The account's own resource (`GET /api/users/me`). The lists and limits are part of the contract so
 * the site's forms check what the API checks; packages/domain holds the same values for its rules,
 * and packages/api tests that the two agree.
 */
export const GENDERS = ["female", "male", "non-binary", "unspecified"] as const;
export type Gender = (typeof GENDERS)[number];

export const ACCOUNT_LIMITS = {
  passwordMinLength: 8,
  passwordMaxLength: 256,
  nameMaxLength: 100,
  emailMaxLength: 254,
} as const;

/** The longest value of each optional text in the personal data (`country` is an ISO 3166 code). */
export const PROFILE_TEXT_LIMITS = {
  phone: 30,
  street: 200,
  postalCode: 20,
  locality: 100,
  country: 2,
  club: 150,
  federationCard: 50,
} as const;

export interface UserAttributes {
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  birthDate: string | null;
  gender: Gender | null;
  phone: string | null;
  street: string | null;
  postalCode: string | null;
  locality: string | null;
  country: string | null;
  club: string | null;
  federationCard: string | null;
  preferredLocale: string;
  role: "user" | "organiser";
  createdAt: string;
}
