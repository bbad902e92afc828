import { clubsPath } from "@sports/jsonapi";
import { Form, useLocation } from "react-router";
import { ACCOUNT_PATHS } from "../access.ts";
import { withoutPrefix } from "../i18n/locale.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import { HeaderMenu } from "./header-menu.tsx";
import { localHref, SiteLink } from "./site-link.tsx";

/**
 * The header's account corner: "Log in" for an anonymous visitor (coming back to this page after),
 * and for a logged-in one a menu with their data and the logout, a form that works without JavaScript.
 */
export function AccountMenu() {
  const { visitor, prefix } = useRootData();
  const { pathname, search } = useLocation();
  if (!visitor) {
    const here = withoutPrefix(pathname);
    const back =
      here === `/${ACCOUNT_PATHS.login}` || here === "/"
        ? ""
        : `?${new URLSearchParams({ redirectTo: pathname + search })}`;
    return (
      <SiteLink to={`/${ACCOUNT_PATHS.login}${back}`} className="account-login">
        {m.nav_login()}
      </SiteLink>
    );
  }
  return (
    <div className="account-menu header-menu">
      <HeaderMenu
        icon={
          <>
            <circle cx="12" cy="8" r="4" />
            <path d="M4 21a8 8 0 0 1 16 0" />
          </>
        }
        summary={<span className="header-label">{visitor.givenName}</span>}
      >
        <li>
          <SiteLink to={`/${ACCOUNT_PATHS.profile}#iscrizioni`}>{m.nav_signups()}</SiteLink>
        </li>
        <li>
          <SiteLink to={clubsPath()}>{m.nav_clubs()}</SiteLink>
        </li>
        <li>
          <SiteLink to={`/${ACCOUNT_PATHS.profile}`}>{m.nav_profile()}</SiteLink>
        </li>
        <li>
          <Form method="post" action={localHref(prefix, `/${ACCOUNT_PATHS.login}`)}>
            <input type="hidden" name="intent" value="logout" />
            <button type="submit" className="link-button">
              {m.nav_logout()}
            </button>
          </Form>
        </li>
      </HeaderMenu>
    </div>
  );
}

/**
 * What the site says to this visitor under the header: until the address is confirmed, every page
 * says so (the account works meanwhile). The element is there for everyone, empty for most: a kept
 * page (server/pages/kept-pages.ts) finds it by its markup to fill it in for each visitor.
 */
export function VisitorNotices() {
  const { visitor } = useRootData();
  return (
    <div className="visitor-notices">
      {visitor && !visitor.emailVerified && (
        <div className="notice notice-warning verification-reminder" role="status">
          <div className="container">{m.verify_reminder({ email: visitor.email })}</div>
        </div>
      )}
    </div>
  );
}
