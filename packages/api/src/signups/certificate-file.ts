import { CERTIFICATE_MAX_BYTES, CERTIFICATE_MEDIA_TYPES } from "@sports/jsonapi";
import { readFileBody } from "../body.ts";
import { httpError } from "../errors.ts";

export type CertificateMediaType = (typeof CERTIFICATE_MEDIA_TYPES)[number];

/** The first bytes each accepted format starts with: the content decides, not the name or the header. */
const SIGNATURES: Record<CertificateMediaType, number[]> = {
  "application/pdf": [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  "image/jpeg": [0xff, 0xd8, 0xff],
  "image/png": [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
};

/** The format the bytes really are, if it is one of the accepted ones. */
export function sniffMediaType(bytes: Uint8Array): CertificateMediaType | undefined {
  return CERTIFICATE_MEDIA_TYPES.find((type) => SIGNATURES[type].every((byte, index) => bytes[index] === byte));
}

const tooLarge = () =>
  httpError({
    status: 413,
    code: "body-too-large",
    title: "File too large",
    detail: `A certificate may be at most ${CERTIFICATE_MAX_BYTES / 1024 / 1024} MB.`,
  });

/**
 * Reads an uploaded certificate: refused with 413 from its declared length before a byte is read,
 * or as soon as the stream passes the limit (the rest is never read); refused with 415 when the
 * declared type is not accepted, and 400 when the content is not what the type says.
 */
export async function readCertificate(request: Request): Promise<{ mediaType: CertificateMediaType; content: Buffer }> {
  const declared = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!(CERTIFICATE_MEDIA_TYPES as readonly string[]).includes(declared)) {
    throw httpError({
      status: 415,
      code: "unsupported-media-type",
      title: "Unsupported media type",
      detail: "Send the certificate as a PDF, JPEG or PNG file.",
      source: { header: "Content-Type" },
    });
  }
  const content = await readFileBody(request, CERTIFICATE_MAX_BYTES, () => {
    throw tooLarge();
  });
  if (content.length === 0) {
    throw httpError({ status: 400, code: "empty-file", title: "Empty file", detail: "The file is empty." });
  }
  if (sniffMediaType(content) !== declared) {
    throw httpError({
      status: 400,
      code: "file-content-mismatch",
      title: "File content mismatch",
      detail: "The file's content is not a PDF, JPEG or PNG as its type says.",
    });
  }
  return { mediaType: declared as CertificateMediaType, content };
}

/** The name the visitor's file had, from `Content-Disposition`, kept to safe printable characters. */
export function uploadedFileName(request: Request): string {
  const header = request.headers.get("content-disposition") ?? "";
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  let name = /filename="([^"]*)"/i.exec(header)?.[1] ?? /filename=([^;]+)/i.exec(header)?.[1] ?? "";
  if (encoded) {
    try {
      name = decodeURIComponent(encoded);
    } catch {
      // A broken encoding: fall back to the plain name.
    }
  }
  const safe = name
    .replace(/^.*[\\/]/, "")
    .replace(/[^\p{L}\p{N} ._()-]/gu, "")
    .trim()
    .slice(0, 100);
  return safe || "certificate";
}
