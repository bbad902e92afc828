const segment = (value: string) => encodeURIComponent(value);

/**
 * The organiser's console (docs/decisions/020-organiser-console.md): its own layout, under every
 * language prefix like the rest of the site. Ids are the records' (events change slug, ids do not).
 */
export const CONSOLE_PATTERNS = {
  home: "gestione",
  events: "gestione/eventi",
  newEvent: "gestione/eventi/nuovo",
  event: "gestione/eventi/:id",
  eventDashboard: "gestione/eventi/:id/riepilogo",
  startLists: "gestione/eventi/:id/liste-partenza",
  eventSignups: "gestione/eventi/:id/iscrizioni",
  certificates: "gestione/eventi/:id/certificati",
  appointment: "gestione/appuntamenti/:id",
  appointmentSignups: "gestione/appuntamenti/:id/iscrizioni",
  appointmentResults: "gestione/appuntamenti/:id/classifica",
  message: "gestione/appuntamenti/:id/messaggio",
  stay: "gestione/soggiorni/:id",
  signup: "gestione/iscrizioni/:id",
  checkIn: "gestione/check-in",
  eventCheckIn: "gestione/eventi/:id/check-in",
  team: "gestione/squadra",
  pages: "gestione/pagine",
  page: "gestione/pagine/:slug",
  audit: "gestione/registro",
  eventCover: "gestione/eventi/:id/copertina",
  discountCodes: "gestione/eventi/:id/codici-sconto",
  /** The clubs' signups of an event, and a message to a club's managers (docs/decisions/068-club-entries.md). */
  eventClubEntries: "gestione/eventi/:id/club",
  /** The federation cards an event accepts, and their lists (docs/decisions/067-rosters-and-card-lists.md). */
  eventCardLists: "gestione/eventi/:id/tessere",
  /** The organiser's fiscal identity and document settings (organisers only). */
  organisation: "gestione/organizzazione",
  /** The receipts, invoices and credit notes issued, their files for the SdI and its answers. */
  billingDocuments: "gestione/documenti",
} as const;

export type ConsoleScreen = keyof typeof CONSOLE_PATTERNS;

/** A console screen's path: `consolePath("event", { id })` is `/gestione/eventi/{id}`. */
export function consolePath(screen: ConsoleScreen, params: Record<string, string> = {}): string {
  return `/${CONSOLE_PATTERNS[screen].replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`consolePath: ${screen} needs ${name}`);
    return segment(value);
  })}`;
}
