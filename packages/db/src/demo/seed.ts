import { readdirSync, readFileSync } from "node:fs";
import type { CourseFigures } from "@sports/domain";
import { sql } from "drizzle-orm";
import { catalogueChanged } from "../catalogue/changes.ts";
import { searchTextOf } from "../catalogue/search-text.ts";
import type { Database } from "../database.ts";
import {
  appointmentCourses,
  appointments,
  billingDocuments,
  billingTransmissions,
  contentPages,
  events,
  organisation,
  roomNights,
  roomTypes,
  signups,
  stays,
} from "../schema.ts";
import { clock } from "./dates.ts";
import { campMultisportMolveno } from "./events-camp.ts";
import { granfondoCollineDelBarolo, granfondoCostaDeiTrabocchi, grappaBikeMarathon } from "./events-cycling.ts";
import { riminiPadelCup, tennisWeekendGarda } from "./events-racket.ts";
import { mezzaMaratonaDelleMura, notturnaDiTrastevere, staffettaDelleMuraDiLucca } from "./events-road.ts";
import { cortinaCrodeTrail, trailDelleDueSorelle } from "./events-trail.ts";
import { traversataIsolaDiSanGiulio, triathlonLignanoSabbiadoro } from "./events-water.ts";
import type { DemoEventBuilder } from "./model.ts";
import { demoOrganisation } from "./organiser.ts";
import { PAGES_DE } from "./pages-de.ts";
import { PAGES_EN } from "./pages-en.ts";
import { PAGES_ES } from "./pages-es.ts";
import { PAGES_FR } from "./pages-fr.ts";
import { PAGES_IT } from "./pages-it.ts";
import { type DemoRace, seedDemoResults } from "./results.ts";

/** The past races whose official results the demo has (demo/results.ts), as `{event}--{appointment}`. */
const RESULTS_RACES = new Set(["trail-delle-due-sorelle--trail-25k"]);

/** The demo catalogue, in the order a visitor would meet it least surprisingly: by sport. */
export const DEMO_EVENTS: readonly DemoEventBuilder[] = [
  cortinaCrodeTrail,
  trailDelleDueSorelle,
  mezzaMaratonaDelleMura,
  staffettaDelleMuraDiLucca,
  notturnaDiTrastevere,
  granfondoCollineDelBarolo,
  granfondoCostaDeiTrabocchi,
  grappaBikeMarathon,
  traversataIsolaDiSanGiulio,
  triathlonLignanoSabbiadoro,
  riminiPadelCup,
  tennisWeekendGarda,
  campMultisportMolveno,
];

const PAGE_SLUGS = ["about", "privacy", "terms", "faq"] as const;

/** The content pages in each language the site speaks. */
export const DEMO_PAGES = {
  "it-IT": PAGES_IT,
  "en-US": PAGES_EN,
  "de-DE": PAGES_DE,
  "fr-FR": PAGES_FR,
  "es-ES": PAGES_ES,
} as const;

const inEveryLanguage = (pick: (pages: (typeof DEMO_PAGES)[keyof typeof DEMO_PAGES]) => string) =>
  Object.fromEntries(Object.entries(DEMO_PAGES).map(([locale, pages]) => [locale, pick(pages)]));

/** Reads a GPX and computes its course, refusing a bad file: the use cases' `courseOfGpx`, the same as an upload's. */
export type CourseReader = (content: Uint8Array) => { gpx: string; figures: CourseFigures };

/**
 * The demonstration's courses, `<event slug>--<appointment slug>.gpx`, as scripts/demo-courses.ts
 * writes them: made-up loops around each event's venue, read with `readCourse`.
 */
function demoCourses(readCourse: CourseReader): Map<string, { gpx: string; figures: CourseFigures }> {
  const folder = new URL("./courses/", import.meta.url);
  const courses = new Map<string, { gpx: string; figures: CourseFigures }>();
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith(".gpx"))
    .sort()) {
    courses.set(file.slice(0, -".gpx".length), readCourse(readFileSync(new URL(file, folder))));
  }
  return courses;
}

/**
 * Replaces the whole catalogue (events, appointments, stays, room types, content pages) with the
 * demo one, every date placed relative to `now`. One transaction: a reader sees the old catalogue
 * or the new one, never half of each. With `readCourse` (the composition root passes the use
 * cases' GPX reader), the races that have a demonstration course get it, computed as an upload's.
 */
export async function seedDemoData(
  db: Database,
  options: { now: Date; readCourse?: CourseReader },
): Promise<{ events: number; pages: number; courses: number }> {
  const c = clock(options.now);
  const courses = options.readCourse ? demoCourses(options.readCourse) : new Map();
  const courseRows: (typeof appointmentCourses.$inferInsert)[] = [];
  const eventRows: (typeof events.$inferInsert)[] = [];
  const appointmentRows: (typeof appointments.$inferInsert)[] = [];
  const stayRows: (typeof stays.$inferInsert)[] = [];
  const roomTypeRows: (typeof roomTypes.$inferInsert)[] = [];
  const racesWithResults: DemoRace[] = [];

  for (const build of DEMO_EVENTS) {
    const demo = build(c);
    const eventId = crypto.randomUUID();
    eventRows.push({
      ...demo.event,
      id: eventId,
      searchText: searchTextOf(demo.event),
      updatedAt: options.now,
    });
    // Each race numbers its runners from its own hundred on: 1–, then the next free hundred, and so on.
    let bibFirst = 1;
    for (const appointment of demo.appointments) {
      const bibLast = bibFirst + appointment.capacity - 1;
      const id = crypto.randomUUID();
      const course = courses.get(`${demo.event.slug}--${appointment.slug}`);
      appointmentRows.push({
        ...appointment,
        id,
        eventId,
        bibFirst,
        bibLast,
        ...(course
          ? {
              courseDistance: course.figures.distance,
              courseElevationGain: course.figures.elevationGain,
              courseElevationLoss: course.figures.elevationLoss,
            }
          : {}),
      });
      if (course) courseRows.push({ ...course.figures, appointmentId: id, gpx: course.gpx, updatedAt: options.now });
      if (RESULTS_RACES.has(`${demo.event.slug}--${appointment.slug}`))
        racesWithResults.push({
          eventId,
          appointmentId: id,
          startsAt: appointment.startsAt,
          timeZone: demo.event.timeZone ?? "Europe/Rome",
          amount: appointment.priceTiers.at(-1)?.amount ?? 0,
          firstBib: bibFirst,
        });
      bibFirst = Math.ceil(bibLast / 100) * 100 + 1;
    }
    for (const { roomTypes: rooms, ...stay } of demo.stays) {
      const stayId = crypto.randomUUID();
      stayRows.push({ ...stay, id: stayId, eventId });
      rooms.forEach((room, position) => {
        roomTypeRows.push({ ...room, id: crypto.randomUUID(), stayId, position });
      });
    }
  }

  const pageRows = PAGE_SLUGS.map((slug) => ({
    id: crypto.randomUUID(),
    slug,
    title: inEveryLanguage((pages) => pages[slug].title),
    body: inEveryLanguage((pages) => pages[slug].body),
    updatedAt: options.now,
  }));

  await db.transaction(async (tx) => {
    // Children first: nothing may point at a row that is already gone. Signups go with the
    // catalogue they were for (their participants, stays and audit entries cascade).
    await tx.delete(roomNights);
    // Issued documents are never removed but by the demo's reset, which says so (decision 066).
    await tx.execute(sql`select set_config('sports.demo_reset', 'on', true)`);
    await tx.delete(billingTransmissions);
    await tx.delete(billingDocuments);
    await tx.delete(signups);
    await tx.delete(contentPages);
    await tx.delete(roomTypes);
    await tx.delete(stays);
    await tx.delete(appointments);
    await tx.delete(events);
    await tx.insert(events).values(eventRows);
    await tx.insert(appointments).values(appointmentRows);
    if (courseRows.length > 0) await tx.insert(appointmentCourses).values(courseRows);
    if (stayRows.length > 0) await tx.insert(stays).values(stayRows);
    if (roomTypeRows.length > 0) await tx.insert(roomTypes).values(roomTypeRows);
    await tx.insert(contentPages).values(pageRows);
    for (const race of racesWithResults) await seedDemoResults(tx, race, options.now);
    await tx.insert(organisation).values(demoOrganisation(options.now)).onConflictDoNothing();
  });
  await catalogueChanged(db);

  return { events: eventRows.length, pages: pageRows.length, courses: courseRows.length };
}
