import { data, type MiddlewareFunction } from "react-router";
import { siteContext } from "../context.ts";

/**
 * Root middleware: a request the server refused before its page (a method the page does not take,
 * a body that is not a form: apps/web/server/pages/site.ts) gets the error page of that status, in the
 * page's language, and no action or loader runs.
 */
export const refusedRequests: MiddlewareFunction<Response> = ({ context }, next) => {
  const { refused } = context.get(siteContext);
  if (refused) throw data(null, { status: refused });
  return next();
};
