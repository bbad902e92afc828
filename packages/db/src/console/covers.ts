import { parseCoverFile } from "@sports/domain";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../database.ts";
import { coverImages, events } from "../schema.ts";

export interface CoverFile {
  width: number;
  height: number;
  mediaType: string;
  content: Buffer;
}

/**
 * Makes `files` the event's cover (one upload, several widths and formats) in the caller's
 * transaction: the previous upload's files go, and the event's `cover_image` names the new one.
 * Answers the event's previous `cover_image`, or undefined when there is no such event.
 */
export async function replaceCover(
  db: Database,
  input: { eventId: string; uploadId: string; files: CoverFile[]; coverImage: string },
): Promise<{ before: string | null } | undefined> {
  const [event] = await db
    .select({ coverImage: events.coverImage })
    .from(events)
    .where(eq(events.id, input.eventId))
    .for("update")
    .limit(1);
  if (!event) return undefined;
  await db.delete(coverImages).where(eq(coverImages.eventId, input.eventId));
  await db
    .insert(coverImages)
    .values(input.files.map((file) => ({ ...file, eventId: input.eventId, uploadId: input.uploadId })));
  await db
    .update(events)
    .set({ coverImage: input.coverImage, updatedAt: sql`now()` })
    .where(eq(events.id, input.eventId));
  return { before: event.coverImage };
}

/** One stored size of an uploaded cover by its file name (`{uploadId}-{width}.{webp|jpg}`), for serving it. */
export async function findCoverFile(
  db: Database,
  name: string,
): Promise<{ content: Buffer; mediaType: string } | undefined> {
  const input = parseCoverFile(name);
  if (!input) return undefined;
  const rows = await db
    .select({ content: coverImages.content, mediaType: coverImages.mediaType })
    .from(coverImages)
    .where(
      and(
        eq(coverImages.uploadId, input.uploadId),
        eq(coverImages.width, input.width),
        eq(coverImages.mediaType, input.mediaType),
      ),
    )
    .limit(1);
  return rows[0];
}

/** The largest JPEG of an event's latest uploaded cover, for papers that print it; none for a cover that is only a link. */
export async function latestCoverJpeg(db: Database, eventId: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ content: coverImages.content })
    .from(coverImages)
    .where(and(eq(coverImages.eventId, eventId), eq(coverImages.mediaType, "image/jpeg")))
    .orderBy(desc(coverImages.createdAt), desc(coverImages.width))
    .limit(1);
  return row?.content;
}
