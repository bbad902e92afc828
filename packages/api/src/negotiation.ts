import { FALLBACK_LOCALE, isLocale, LOCALES, type Locale } from "@sports/domain";
import { JSONAPI_MEDIA_TYPE, negotiateLanguage } from "@sports/jsonapi";
import { httpError, invalidParameter } from "./errors.ts";

interface MediaRange {
  type: string;
  params: Map<string, string>;
}

function parseMediaRanges(header: string): MediaRange[] {
  return header
    .split(",")
    .map((part) => {
      const [type = "", ...rest] = part.split(";");
      const params = new Map<string, string>();
      for (const param of rest) {
        const [name = "", ...value] = param.split("=");
        if (name.trim()) params.set(name.trim().toLowerCase(), value.join("=").trim().replace(/^"|"$/g, ""));
      }
      return { type: type.trim().toLowerCase(), params };
    })
    .filter((range) => range.type);
}

/** JSON:API allows only the `ext` and `profile` parameters on its media type, and we support no extension. */
function isAcceptableJsonApi(range: MediaRange): boolean {
  for (const [name, value] of range.params) {
    if (name === "profile" || name === "q") continue;
    if (name === "ext" && value === "") continue;
    return false;
  }
  return true;
}

/**
 * Content negotiation as JSON:API 1.1 §"Content Negotiation" requires: 415 for a JSON:API body with
 * an unsupported media type parameter, 406 when every JSON:API media range in Accept has one, or
 * when Accept rules out JSON altogether.
 */
export function checkMediaTypes(request: Request): void {
  const contentType = request.headers.get("content-type");
  if (contentType) {
    const [range] = parseMediaRanges(contentType);
    if (range?.type === JSONAPI_MEDIA_TYPE && !isAcceptableJsonApi(range)) {
      throw httpError({
        status: 415,
        code: "unsupported-media-type",
        title: "Unsupported media type",
        detail: `Send bodies as ${JSONAPI_MEDIA_TYPE} without media type parameters other than ext and profile.`,
        source: { header: "Content-Type" },
      });
    }
  }
  const accept = request.headers.get("accept");
  if (!accept) return;
  const ranges = parseMediaRanges(accept).filter((range) => Number(range.params.get("q") ?? "1") > 0);
  const jsonApi = ranges.filter((range) => range.type === JSONAPI_MEDIA_TYPE);
  const acceptsJson = ranges.some((range) => ["*/*", "application/*", "application/json"].includes(range.type));
  // JSON:API 1.1: once Accept names the JSON:API media type, only an acceptable instance of it will do.
  if (jsonApi.length > 0 ? !jsonApi.some(isAcceptableJsonApi) : !acceptsJson) {
    throw httpError({
      status: 406,
      code: "not-acceptable",
      title: "Not acceptable",
      detail: `This API answers ${JSONAPI_MEDIA_TYPE}; ask for it without media type parameters other than ext and profile.`,
      source: { header: "Accept" },
    });
  }
}

/** The language of an answer's texts: `?locale=` first, then `Accept-Language`, then en-US. */
export function resolveLocale(request: Request, url: URL): Locale {
  const requested = url.searchParams.get("locale");
  if (requested !== null) {
    if (!isLocale(requested)) throw invalidParameter("locale", `Use one of it-IT, en-US, de-DE, fr-FR, es-ES.`);
    return requested;
  }
  return negotiateLanguage(request.headers.get("accept-language"), LOCALES) ?? FALLBACK_LOCALE;
}

/**
 * No name, slug or text the API knows contains a NUL character, and databases refuse to compare one:
 * a query parameter holding it is a 400 naming the parameter, a path holding it names nothing (404).
 */
export function checkNoNulCharacters(url: URL): void {
  for (const [name, value] of url.searchParams) {
    if (value.includes("\u0000") || name.includes("\u0000"))
      throw invalidParameter(name.replaceAll("\u0000", "\\0"), "The value contains a NUL character (%00).");
  }
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return;
  }
  if (path.includes("\u0000"))
    throw httpError({
      status: 404,
      code: "not-found",
      title: "Not found",
      detail: "No resource has a NUL character (%00) in its name.",
    });
}
