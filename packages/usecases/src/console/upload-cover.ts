import { randomUUID } from "node:crypto";
import { type CoverFile, catalogueChanged, replaceCover } from "@sports/db";
import {
  COVER_INPUT_FORMATS,
  COVER_MAX_BYTES,
  COVER_MAX_PIXELS,
  COVER_OUTPUTS,
  coverImageOf,
  coverWidths,
  refuse,
} from "@sports/domain";
import sharp, { type Metadata } from "sharp";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";

/** How sharp decodes an upload: stopping at any error, and at more pixels than a cover may have. */
const INPUT = { failOn: "error", limitInputPixels: COVER_MAX_PIXELS } as const;

/**
 * Upright width and height, read from the image's header without decoding its pixels; more than
 * COVER_MAX_PIXELS is refused here (`cover-too-large`). EXIF orientations 5 to 8 turn the picture a quarter.
 */
async function uprightSize(content: Buffer): Promise<{ width: number; height: number; format: string }> {
  let metadata: Metadata;
  try {
    // Without the pixel limit, which sharp would report as an unreadable file: checked below.
    metadata = await sharp(content, { failOn: "error" }).metadata();
  } catch {
    refuse("not-an-image", "This file is not a JPEG, PNG or WebP image.");
  }
  const { width, height, format, orientation } = metadata;
  if (!width || !height || !(COVER_INPUT_FORMATS as readonly string[]).includes(format ?? ""))
    refuse("not-an-image", "This file is not a JPEG, PNG or WebP image.");
  if (width * height > COVER_MAX_PIXELS)
    refuse("cover-too-large", `A cover image may have at most ${COVER_MAX_PIXELS / 1_000_000} megapixels.`);
  return (orientation ?? 1) >= 5 ? { width: height, height: width, format } : { width, height, format };
}

/** The upload resized into every width and output format, turned upright, its metadata dropped. */
async function resized(content: Buffer, originalWidth: number): Promise<CoverFile[]> {
  const files: CoverFile[] = [];
  for (const width of coverWidths(originalWidth)) {
    for (const output of COVER_OUTPUTS) {
      const pipeline = sharp(content, INPUT).rotate().resize({ width, withoutEnlargement: true });
      const encoded =
        output.mediaType === "image/webp"
          ? pipeline.webp({ quality: 80 })
          : pipeline.jpeg({ quality: 82, mozjpeg: true });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      files.push({ width: info.width, height: info.height, mediaType: output.mediaType, content: data });
    }
  }
  return files;
}

/**
 * Makes an uploaded image the event's cover (an organiser's action): checked by its content (JPEG,
 * PNG or WebP, at most 10 MB and COVER_MAX_PIXELS, else `not-an-image`, `file-too-large` or
 * `cover-too-large`, and nothing changes), resized into the cover widths as WebP and JPEG (sharp
 * decodes and encodes on its own threads, never on the one that answers requests), and stored in
 * one transaction that replaces the previous upload and points the event's `coverImage` at the new
 * one. One audit line.
 */
export async function uploadCover(
  deps: Pick<Deps, "db" | "now">,
  actor: Parameters<typeof requireOrganiser>[0],
  input: { eventId: string; content: Buffer },
): Promise<{ uploadId: string; coverImage: string; files: Omit<CoverFile, "content">[] }> {
  requireOrganiser(actor, "changes an event's cover");
  if (input.content.length > COVER_MAX_BYTES) refuse("file-too-large", "A cover image may be at most 10 MB.");
  const original = await uprightSize(input.content);
  let files: CoverFile[];
  try {
    files = await resized(input.content, original.width);
  } catch {
    refuse("not-an-image", "This image cannot be read to the end.");
  }
  const largest = files.filter((file) => file.mediaType === "image/jpeg").at(-1);
  if (!largest) refuse("not-an-image", "This image cannot be read.");
  const uploadId = randomUUID();
  const coverImage = coverImageOf(uploadId, largest.width, largest.height);
  await deps.db.transaction(async (tx) => {
    const replaced = await replaceCover(tx, { eventId: input.eventId, uploadId, files, coverImage });
    if (!replaced) refuse("not-found", "No such event.");
    await audit(tx, deps, actor, {
      action: "cover-uploaded",
      subjectType: "events",
      subjectId: input.eventId,
      eventId: input.eventId,
      before: { coverImage: replaced.before },
      after: { coverImage, format: original.format, width: original.width, height: original.height },
    });
  });
  await catalogueChanged(deps.db);
  return { uploadId, coverImage, files: files.map(({ content: _content, ...file }) => file) };
}
