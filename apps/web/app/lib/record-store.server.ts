import { RecordStore, withRecordStore } from "@sports/jsonapi";
import type { MiddlewareFunction } from "react-router";
import { recordsContext, siteContext } from "../context.ts";

/**
 * Root middleware: a record store for this request alone, and the request's API client made to keep
 * what it reads and changes there, so loaders and the render read the records the way the browser
 * does (docs/decisions/016-record-store.md). The store lives as long as the request: two visitors,
 * or two requests of one visitor, never share one.
 */
export const recordsMiddleware: MiddlewareFunction<Response> = ({ context }, next) => {
  const store = new RecordStore();
  const site = context.get(siteContext);
  context.set(recordsContext, store);
  context.set(siteContext, { ...site, api: withRecordStore(site.api, store) });
  return next();
};
