import { ApiError, type DataDocument, type ErrorObject, isErrorDocument, JSONAPI_MEDIA_TYPE } from "@sports/jsonapi";
import { data, type RouterContextProvider, redirect } from "react-router";
import { ACCOUNT_PATHS } from "../access.ts";
import { languageContext, siteContext } from "../context.ts";

/**
 * Reads a document from the API for a loader, in the page's language; a failure is answered as
 * `refusalAnswer` says.
 */
export async function readApi<T>(
  context: Readonly<RouterContextProvider>,
  path: string,
  query?: Record<string, string | number | undefined>,
): Promise<T> {
  const { api } = context.get(siteContext);
  const { locale, prefix } = context.get(languageContext);
  try {
    const response = await api.get(path, { query: { ...query, locale } });
    // The API's documents follow the resource contract of @sports/jsonapi (resources.ts).
    return response.document as unknown as T;
  } catch (error) {
    throw refusalAnswer(error, prefix);
  }
}

/**
 * What a refusal of the API becomes, for a loader's read as for an action's change its form cannot
 * show: a 403 (someone else's record, a change for the organiser only) the not-authorised page of
 * the language at `prefix`, any other 4xx the error page of its status (a missing record's 404, a
 * text too long's 413). Anything else stays the failure it is, the error page's 500.
 */
export function refusalAnswer(error: unknown, prefix: string): unknown {
  if (!ApiError.is(error) || error.status < 400 || error.status >= 500) return error;
  if (error.status === 403) return redirect(`${prefix}/${ACCOUNT_PATHS.noAuth}`);
  return data(null, { status: error.status });
}

/**
 * Sends a file to the API as the request's raw body (a medical certificate) and answers the
 * document it creates. A refusal is an ApiError, as from the JSON:API client, so forms map it alike.
 */
export async function uploadFile(
  context: Readonly<RouterContextProvider>,
  path: string,
  file: File,
): Promise<DataDocument> {
  const { apiFetch } = context.get(siteContext);
  // Header values are Latin-1: the plain name keeps ASCII only, the encoded one keeps the rest.
  const plainName = file.name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const response = await apiFetch(path, {
    method: "POST",
    body: file,
    headers: {
      Accept: JSONAPI_MEDIA_TYPE,
      "Content-Type": file.type || "application/octet-stream",
      "Content-Disposition": `attachment; filename="${plainName}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    },
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (response.ok && parsed && !isErrorDocument(parsed)) return parsed as DataDocument;
  const errors: ErrorObject[] =
    isErrorDocument(parsed) && parsed.errors.length > 0
      ? parsed.errors
      : [{ status: String(response.status), code: "http-error", title: response.statusText || "HTTP error" }];
  throw new ApiError(response.ok ? 502 : response.status, errors, response.headers);
}
