export * from "./catalogue/appointments.ts";
export * from "./catalogue/events.ts";
export * from "./catalogue/pages.ts";
export { searchTextOf } from "./catalogue/search-text.ts";
export * from "./catalogue/stays.ts";
export * from "./database.ts";
export { seedDemoData } from "./demo/seed.ts";
export { seedDemoDataIfEmpty } from "./first-start.ts";
export * as schema from "./schema.ts";
