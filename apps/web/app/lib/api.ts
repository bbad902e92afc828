import { ApiError } from "@sports/jsonapi";
import { data, type RouterContextProvider, redirect } from "react-router";
import { ACCOUNT_PATHS } from "../access.ts";
import { languageContext, siteContext } from "../context.ts";

/**
 * Reads a document from the API for a loader, in the page's language. An API 404 becomes the
 * site's 404 page, a 403 (someone else's record) the not-authorised page; any other failure is the
 * error page's 500.
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
    if (ApiError.is(error) && (error.status === 404 || error.status === 400))
      throw data(null, { status: error.status });
    if (ApiError.is(error) && error.status === 403) throw redirect(`${prefix}/${ACCOUNT_PATHS.noAuth}`);
    throw error;
  }
}
