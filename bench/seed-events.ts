/**
 * Synthetic but plausible catalogue rows for the API benchmark: `bench-event-000001`, … with one to
 * three appointments each, inserted in multi-row batches. Row n is always the same event (a PRNG
 * seeded by n), whatever the batch or the run, apart from ids and dates, which follow `now`.
 */
import { type Database, schema, searchTextOf } from "@sports/db";
import { type LocalizedText, type PriceTier, SPORTS, type Sport } from "@sports/domain";
import { getTableColumns, getTableName, sql, type Table } from "drizzle-orm";

/** Every column spelled out: the rows go in through json_populate_recordset, which knows no defaults. */
type EventRow = Required<typeof schema.events.$inferInsert>;
type AppointmentRow = Required<typeof schema.appointments.$inferInsert>;

export interface SeedOptions {
  /** The number of the first event, 1-based: `bench-event-<first>` (default 1). */
  first?: number;
  /** How many events to add. */
  count: number;
  /** The instant the ±3 years of start dates are spread around. */
  now: Date;
  /** Events per INSERT statement (default 1,000). */
  batchSize?: number;
}

export interface SeedResult {
  events: number;
  appointments: number;
  /** Milliseconds spent building and inserting rows. */
  insertMs: number;
  /** Milliseconds spent in VACUUM ANALYZE afterwards. */
  analyzeMs: number;
}

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
    participantsPerSignup: sport === "padel" || sport === "tennis" ? 2 : 1,
    holdMinutes: 15,
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

/**
 * One multi-row INSERT … SELECT: the rows travel as a single JSON parameter that
 * json_populate_recordset turns into rows of the table's own type. Building the same statement with
 * Drizzle's `insert().values()` costs ~0.2 ms a row in SQL generation alone, more than PGlite takes
 * to insert it.
 */
async function insertRows(db: Database, table: Table, rows: readonly Record<string, unknown>[]): Promise<void> {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name] as const);
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [key, name] of columns) record[name] = row[key];
    return record;
  });
  const name = sql.identifier(getTableName(table));
  await db.execute(
    sql`insert into ${name} select * from json_populate_recordset(null::${name}, ${JSON.stringify(records)}::json)`,
  );
}

/**
 * Inserts `count` bench events (and their appointments) in batches, then runs VACUUM ANALYZE: the
 * planner gets statistics, and the visibility map is set as autovacuum would soon set it on a
 * PostgreSQL server (PGlite has no autovacuum), so index-only scans behave as in a steady state.
 */
export async function seedBenchEvents(db: Database, options: SeedOptions): Promise<SeedResult> {
  const first = options.first ?? 1;
  const batchSize = options.batchSize ?? 1_000;
  const started = performance.now();
  let appointmentCount = 0;
  for (let start = first; start < first + options.count; start += batchSize) {
    const end = Math.min(start + batchSize, first + options.count);
    const eventRows: EventRow[] = [];
    const appointmentRows: AppointmentRow[] = [];
    for (let n = start; n < end; n++) {
      const row = benchEvent(n, options.now);
      eventRows.push(row.event);
      appointmentRows.push(...row.appointments);
    }
    await insertRows(db, schema.events, eventRows);
    await insertRows(db, schema.appointments, appointmentRows);
    appointmentCount += appointmentRows.length;
  }
  const inserted = performance.now();
  await db.execute(sql`vacuum analyze`);
  return {
    events: options.count,
    appointments: appointmentCount,
    insertMs: inserted - started,
    analyzeMs: performance.now() - inserted,
  };
}
