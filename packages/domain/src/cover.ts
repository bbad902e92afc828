/**
 * An event's uploaded cover image: resized into a few widths, each as WebP and JPEG, served at
 * `/media/covers/{uploadId}-{width}.{ext}` (a new upload has a new id, so each file never changes).
 * The event's `coverImage` names the largest JPEG with its size, `/media/covers/{uploadId}-{width}x{height}.jpg`:
 * a plain image address wherever one is used, and the sizes' key where a `srcset` is built.
 */

/** The widths a cover is resized to (none wider than the original). */
export const COVER_WIDTHS = [480, 960, 1600] as const;
export const COVER_MAX_BYTES = 10 * 1024 * 1024;
/**
 * The most pixels (width × height) an upload may have, read from its header before it is decoded:
 * a few megabytes of PNG can declare hundreds of megapixels, each decoded again for every size.
 */
export const COVER_MAX_PIXELS = 40_000_000;
/** What an upload may be, by its content. */
export const COVER_INPUT_FORMATS = ["jpeg", "png", "webp"] as const;
/** The formats each width is stored in, with their extension. */
export const COVER_OUTPUTS = [
  { mediaType: "image/webp", extension: "webp" },
  { mediaType: "image/jpeg", extension: "jpg" },
] as const;

/** The widths an image `width` pixels wide is resized to: those not wider, or its own width if it is narrower than all. */
export function coverWidths(width: number): number[] {
  const fitting = COVER_WIDTHS.filter((one) => one <= width);
  return fitting.length > 0 ? fitting : [width];
}

export const coverFilePath = (uploadId: string, width: number, extension: string) =>
  `/media/covers/${uploadId}-${width}.${extension}`;

/** What the event's `coverImage` holds for an upload: its largest JPEG, with its size. */
export const coverImageOf = (uploadId: string, width: number, height: number) =>
  `/media/covers/${uploadId}-${width}x${height}.jpg`;

const UPLOADED = /^\/media\/covers\/([0-9a-f-]{36})-(\d+)x(\d+)\.jpg$/;
const FILE = /^([0-9a-f-]{36})-(\d+)(?:x\d+)?\.(webp|jpg)$/;

/** A served cover file's name read back: the upload, the width and the format. */
export function parseCoverFile(name: string): { uploadId: string; width: number; mediaType: string } | undefined {
  const match = FILE.exec(name);
  if (!match?.[1] || !match[2] || !match[3]) return undefined;
  return { uploadId: match[1], width: Number(match[2]), mediaType: match[3] === "webp" ? "image/webp" : "image/jpeg" };
}

export interface CoverSizes {
  width: number;
  height: number;
  /** `srcset` values, widest last. */
  jpeg: string;
  webp: string;
}

/** The sizes of an uploaded cover from the event's `coverImage`; undefined for any other image (the demo's drawings). */
export function coverSizes(coverImage: string | null): CoverSizes | undefined {
  const match = coverImage ? UPLOADED.exec(coverImage) : null;
  if (!match?.[1]) return undefined;
  const uploadId = match[1];
  const width = Number(match[2]);
  const height = Number(match[3]);
  const widths = coverWidths(width);
  const srcset = (extension: string) =>
    widths.map((one) => `${coverFilePath(uploadId, one, extension)} ${one}w`).join(", ");
  return { width, height, jpeg: srcset("jpg"), webp: srcset("webp") };
}
