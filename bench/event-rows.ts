/**
 * Synthetic but plausible catalogue rows for the API benchmark: event n is `bench-event-<n>`, with one
 * to three appointments. Row n is always the same event (a PRNG seeded by n), whatever the batch or
 * the run, apart from ids and dates, which follow `now`. bench/seed-events.ts inserts them.
 */
import { type schema, searchTextOf } from "@sports/db";
import { type LocalizedText, type PriceTier, SPORTS, type Sport } from "@sports/domain";

/** Every column spelled out: the rows go in through json_populate_recordset, which knows no defaults. */
export type EventRow = Required<typeof schema.events.$inferInsert>;
export type AppointmentRow = Required<typeof schema.appointments.$inferInsert>;

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface Place {
  venueName: string;
  street: string;
  locality: string;
  region: string;
  postalCode: string;
  latitude: number;
  longitude: number;
}

const PLACES: readonly Place[] = [
  {
    venueName: "Piazza del Duomo",
    street: "Piazza del Duomo",
    locality: "Milano",
    region: "Lombardia",
    postalCode: "20122",
    latitude: 45.4642,
    longitude: 9.19,
  },
  {
    venueName: "Circo Massimo",
    street: "Via del Circo Massimo",
    locality: "Roma",
    region: "Lazio",
    postalCode: "00186",
    latitude: 41.8859,
    longitude: 12.4853,
  },
  {
    venueName: "Parco del Valentino",
    street: "Corso Massimo d'Azeglio",
    locality: "Torino",
    region: "Piemonte",
    postalCode: "10126",
    latitude: 45.0546,
    longitude: 7.6857,
  },
  {
    venueName: "Lungomare Caracciolo",
    street: "Via Francesco Caracciolo",
    locality: "Napoli",
    region: "Campania",
    postalCode: "80122",
    latitude: 40.8322,
    longitude: 14.2283,
  },
  {
    venueName: "Piazza Bra",
    street: "Piazza Bra",
    locality: "Verona",
    region: "Veneto",
    postalCode: "37121",
    latitude: 45.4386,
    longitude: 10.9928,
  },
  {
    venueName: "Stadio Ridolfi",
    street: "Viale Manfredo Fanti",
    locality: "Firenze",
    region: "Toscana",
    postalCode: "50137",
    latitude: 43.7807,
    longitude: 11.2824,
  },
  {
    venueName: "Piazza Maggiore",
    street: "Piazza Maggiore",
    locality: "Bologna",
    region: "Emilia-Romagna",
    postalCode: "40124",
    latitude: 44.4938,
    longitude: 11.3426,
  },
  {
    venueName: "Porto Antico",
    street: "Calata Molo Vecchio",
    locality: "Genova",
    region: "Liguria",
    postalCode: "16128",
    latitude: 44.4093,
    longitude: 8.9275,
  },
  {
    venueName: "Piazza Duomo",
    street: "Piazza Duomo",
    locality: "Trento",
    region: "Trentino-Alto Adige",
    postalCode: "38122",
    latitude: 46.0667,
    longitude: 11.1217,
  },
  {
    venueName: "Foro Italico",
    street: "Foro Umberto I",
    locality: "Palermo",
    region: "Sicilia",
    postalCode: "90133",
    latitude: 38.1181,
    longitude: 13.3711,
  },
  {
    venueName: "Spiaggia del Poetto",
    street: "Viale Poetto",
    locality: "Cagliari",
    region: "Sardegna",
    postalCode: "09126",
    latitude: 39.2106,
    longitude: 9.1517,
  },
  {
    venueName: "Lungolago",
    street: "Lungolago Zanardelli",
    locality: "Salò",
    region: "Lombardia",
    postalCode: "25087",
    latitude: 45.6066,
    longitude: 10.5212,
  },
];

const SPORT_NAMES: Record<Sport, { en: string; it: string; races: [string, string][] }> = {
  "trail-running": {
    en: "Trail",
    it: "Trail",
    races: [
      ["Long trail", "Trail lungo"],
      ["Short trail", "Trail corto"],
      ["Family walk", "Camminata"],
    ],
  },
  "road-running": {
    en: "Half Marathon",
    it: "Mezza Maratona",
    races: [
      ["Half marathon", "Mezza maratona"],
      ["10 km", "10 km"],
      ["5 km fun run", "5 km non competitiva"],
    ],
  },
  cycling: {
    en: "Gran Fondo",
    it: "Granfondo",
    races: [
      ["Gran fondo", "Granfondo"],
      ["Medio fondo", "Mediofondo"],
      ["Short loop", "Percorso corto"],
    ],
  },
  "mountain-biking": {
    en: "Bike Marathon",
    it: "Bike Marathon",
    races: [
      ["Marathon", "Marathon"],
      ["Classic", "Classica"],
      ["E-bike tour", "Giro e-bike"],
    ],
  },
  swimming: {
    en: "Open Water Swim",
    it: "Nuotata in Acque Libere",
    races: [
      ["5 km", "5 km"],
      ["2 km", "2 km"],
      ["1 km", "1 km"],
    ],
  },
  triathlon: {
    en: "Triathlon",
    it: "Triathlon",
    races: [
      ["Olympic", "Olimpico"],
      ["Sprint", "Sprint"],
      ["Super sprint", "Super sprint"],
    ],
  },
  padel: {
    en: "Padel Cup",
    it: "Coppa di Padel",
    races: [
      ["Men's draw", "Tabellone maschile"],
      ["Women's draw", "Tabellone femminile"],
      ["Mixed draw", "Tabellone misto"],
    ],
  },
  tennis: {
    en: "Tennis Weekend",
    it: "Weekend di Tennis",
    races: [
      ["Singles", "Singolare"],
      ["Doubles", "Doppio"],
      ["Clinic", "Clinic"],
    ],
  },
  "multisport-camp": {
    en: "Multisport Camp",
    it: "Camp Multisport",
    races: [
      ["Full week", "Settimana intera"],
      ["Weekend", "Fine settimana"],
      ["Day pass", "Giornaliero"],
    ],
  },
};

const MEDICAL = ["none", "non-competitive", "competitive"] as const;

/** mulberry32: a small, fast, seedable PRNG; good enough for spreading synthetic data. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const text = (en: string, it: string): LocalizedText => ({ "en-US": en, "it-IT": it });
const isoDay = (instant: number) => new Date(instant).toISOString().slice(0, 10);

/** Event number n and its appointments. */
export function benchEvent(n: number, now: Date): { event: EventRow; appointments: AppointmentRow[] } {
  const next = random(n * 2_654_435_761);
  const sport = SPORTS[(n - 1) % SPORTS.length] as Sport;
  const names = SPORT_NAMES[sport];
  const place = PLACES[Math.floor(next() * PLACES.length)] as Place;
  const roll = next();
  const status = roll < 0.02 ? "cancelled" : roll < 0.04 ? "draft" : "published";
  // Midnight UTC of a day within ±3 years, then a start between 07:00 and 10:45.
  const day = Math.floor(now.getTime() / DAY) * DAY + (Math.floor(next() * 2_191) - 1_095) * DAY;
  const startsAt = day + 7 * HOUR + Math.floor(next() * 16) * 15 * 60_000;
  const days = sport === "multisport-camp" ? 5 : next() < 0.2 ? 2 : 1;
  const endsAt = startsAt + (days - 1) * DAY + (4 + Math.floor(next() * 6)) * HOUR;
  const edition = 1 + (n % 40);
  const title = text(`${place.locality} ${names.en} #${n}`, `${names.it} di ${place.locality} #${n}`);
  const summary = text(
    `Edition ${edition} of the ${names.en.toLowerCase()} at ${place.venueName}, ${place.locality}.`,
    `${edition}ª edizione: ${names.it.toLowerCase()} a ${place.venueName}, ${place.locality}.`,
  );
  const description = text(
    `Start and finish at **${place.venueName}** in ${place.locality}. Aid stations along the course, timing chip, ` +
      "medal and technical shirt for every finisher. Changing rooms and bag drop open one hour before the start.",
    `Partenza e arrivo in **${place.venueName}** a ${place.locality}. Ristori lungo il percorso, chip di ` +
      "cronometraggio, medaglia e maglia tecnica per tutti gli arrivati. Spogliatoi e deposito borse aperti un'ora prima.",
  );
  const eventId = crypto.randomUUID();
  const event: EventRow = {
    id: eventId,
    slug: `bench-event-${String(n).padStart(6, "0")}`,
    sport,
    status,
    title,
    summary,
    description,
    startsAt: new Date(startsAt),
    endsAt: new Date(endsAt),
    timeZone: "Europe/Rome",
    venueName: place.venueName,
    street: place.street,
    locality: place.locality,
    region: place.region,
    postalCode: place.postalCode,
    country: "IT",
    latitude: place.latitude,
    longitude: place.longitude,
    coverImage: `/images/bench/${sport}.svg`,
    coverAlt: text(`${names.en} at ${place.locality}`, `${names.it} a ${place.locality}`),
    signupOpensAt: new Date(startsAt - 120 * DAY),
    signupClosesAt: new Date(startsAt - 2 * DAY),
    signupMode: "appointment",
    minAge: next() < 0.5 ? 16 : null,
    maxAge: null,
    ageRule: next() < 0.2 ? "birth-year" : "event-date",
    medicalCertificate: MEDICAL[n % MEDICAL.length] ?? "none",
    federationCardRequired: next() < 0.3,
    acceptedCards: [],
    certificateLater: false,
    certificateReminderDays: [14, 7, 2],
    participantsPerSignup: sport === "padel" || sport === "tennis" ? 2 : 1,
    holdMinutes: 15,
    offerHours: 24,
    paymentTermDays: 5,
    cancellationDaysBefore: null,
    transferDaysBefore: null,
    transferFee: null,
    refundDaysBefore: null,
    checkInOpensDaysBefore: 1,
    tshirtSizes: [],
    paymentMethods: ["stripe", "demo", "bank-transfer"],
    searchText: searchTextOf({
      title,
      summary,
      venueName: place.venueName,
      locality: place.locality,
      region: place.region,
    }),
    createdAt: now,
    updatedAt: now,
  };

  const appointmentRows: AppointmentRow[] = [];
  const count = 1 + Math.floor(next() * 3);
  for (let i = 0; i < count; i++) {
    const [en, it] = names.races[i] as [string, string];
    const capacity = 50 + Math.floor(next() * 1_951);
    const base = 1_500 + Math.floor(next() * 10) * 500;
    const tiers: PriceTier[] = [
      { until: isoDay(startsAt - 30 * DAY), amount: base },
      { until: null, amount: base + 1_000 },
    ];
    const appointmentStart = startsAt + i * 30 * 60_000;
    appointmentRows.push({
      id: crypto.randomUUID(),
      eventId,
      slug: `race-${i + 1}`,
      bibFirst: null,
      bibLast: null,
      cancelledAt: null,
      waitingList: true,
      courseDistance: null,
      courseElevationGain: null,
      courseElevationLoss: null,
      title: text(en, it),
      description: text(`${en}: start at ${place.venueName}.`, `${it}: partenza da ${place.venueName}.`),
      startsAt: new Date(appointmentStart),
      endsAt: new Date(Math.max(appointmentStart + 2 * HOUR, endsAt - i * HOUR)),
      capacity,
      // About one in ten sells out.
      placesTaken: Math.min(capacity, Math.floor(next() * capacity * 1.1)),
      currency: "EUR",
      priceTiers: tiers,
      signupDeadline: i === 0 ? null : new Date(startsAt - 3 * DAY),
      minAge: event.minAge ?? null,
      maxAge: null,
      gender: "any",
      implicit: false,
    });
  }
  return { event, appointments: appointmentRows };
}
