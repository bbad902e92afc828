import { type RouterContextProvider, redirect } from "react-router";
import { ACCOUNT_PATHS } from "../access.ts";
import { CONSOLE_ROLES } from "../auth/console-roles.ts";
import { requireVisitor } from "../auth/guard.ts";
import { languageContext, type Visitor } from "../context.ts";

/**
 * The console's door: a visitor who is not logged in goes to the login page (and comes back), one
 * who is not on the organiser's team to the not-authorised page. The API checks every call again:
 * this only spares them a screen of refusals.
 */
export function requireTeamMember(context: Readonly<RouterContextProvider>, request: Request): Visitor {
  const visitor = requireVisitor(context, request);
  if (!CONSOLE_ROLES.includes(visitor.role)) {
    const { prefix } = context.get(languageContext);
    throw redirect(`${prefix}/${ACCOUNT_PATHS.noAuth}`);
  }
  return visitor;
}
