import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMailer, type Mailer } from "@sports/api";

/** A mailer writing into a fresh outbox folder of its own (created with the first mail). */
export function testMailer(): Mailer {
  const folder = join(tmpdir(), `sports-events-outbox-${process.pid}-${Math.random().toString(36).slice(2)}`);
  return createMailer({ outboxDir: folder, from: "Sport Events <no-reply@sports.test>" });
}
