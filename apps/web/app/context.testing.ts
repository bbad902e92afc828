import type { OrganiserIdentity } from "./context.ts";

/** The organiser a test's site context names (the server hands the demo's to every page). */
export const TEST_ORGANISER: OrganiserIdentity = {
  name: "Sport Events",
  legalName: "Sport Events S.r.l.",
  street: "Via Brennero 42",
  postalCode: "38121",
  locality: "Trento",
  country: "IT",
  vatNumber: "IT02345670224",
  email: "info@sport-events.example",
};
