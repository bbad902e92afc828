import { z } from "./zod.ts";

/**
 * The organiser's message to a club's managers (`POST /api/clubs/{id}/messages`): its subject and
 * its text, each required, within the API's lengths.
 */
export const clubMessageForm = z.object({
  clubId: z.string().min(1).max(64),
  subject: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(20_000),
});
