import { schema } from "@sports/db";
import { eq } from "drizzle-orm";
import { accountClient, bearer } from "../accounts/test-client.ts";
import type { TestApi } from "../testing.ts";

/**
 * The console's tests: people in each role, as bearer headers. The test API must be opened with
 * `organiserEmails: [CONSOLE_ORGANISER]`. Staff are made by writing the role, as an accepted invitation would.
 */
export const CONSOLE_ORGANISER = "console-organiser@example.org";

export function teamClient(api: () => TestApi) {
  const accounts = accountClient(api);

  /** Registered and confirmed from its own session, which goes on (and makes `CONSOLE_ORGANISER` an organiser). */
  async function confirmed(email = accounts.newEmail()) {
    const person = await accounts.register(email);
    await accounts.confirm(email, bearer(person.token));
    return { ...person, headers: bearer(person.token) };
  }

  const organiser = () => confirmed(CONSOLE_ORGANISER);

  async function staff() {
    const person = await confirmed();
    await api().database.db.update(schema.users).set({ role: "staff" }).where(eq(schema.users.id, person.id));
    return person;
  }

  const runner = () => confirmed();

  return { ...accounts, organiser, staff, runner };
}
