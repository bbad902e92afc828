import { seedDemoData } from "@sports/db";
import { courseOfGpx } from "@sports/usecases";
import { EnvError, loadConfig } from "./env.ts";
import { openConfiguredDatabase } from "./server.ts";

/** `npm run db:seed`: replaces the catalogue of the configured database with the demo data. */
try {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const seeded = await seedDemoData(database.db, { now: new Date(), readCourse: courseOfGpx });
    console.log(
      `Seeded ${seeded.events} events, ${seeded.courses} courses and ${seeded.pages} pages into the ${database.kind} database.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof EnvError || error instanceof Error ? error.message : error);
  process.exit(1);
}
