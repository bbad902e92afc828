import { Outlet } from "react-router";
import { OfflineNotice } from "../components/offline-notice.tsx";
import { SiteLink } from "../components/site-link.tsx";
import * as m from "../paraglide/messages.js";

/**
 * A focused layout for the signup steps: the brand to leave by, and (with the signup issue) the
 * steps and the hold's countdown. No navigation to wander off through.
 */
export default function SignupLayout() {
  return (
    <>
      <header className="site-header">
        <div className="container header-row">
          <SiteLink to="/" className="brand">
            {m.site_name()}
          </SiteLink>
        </div>
      </header>
      <OfflineNotice />
      <Outlet />
    </>
  );
}
