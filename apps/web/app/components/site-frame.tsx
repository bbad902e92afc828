import type { ReactNode } from "react";
import * as m from "../paraglide/messages.js";
import { VisitorNotices } from "./account-menu.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { OfflineNotice } from "./offline-notice.tsx";

/**
 * The site's frame: header with navigation, account menu and language switcher, the offline notice,
 * the reminder to confirm the address, and the footer. Around every browse and account screen, and
 * around their error pages too (layouts/default.tsx), so a page that is not found still has the way
 * back of every other page.
 */
export function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#content" className="skip-link">
        {m.skip_to_content()}
      </a>
      <Header />
      <OfflineNotice />
      <VisitorNotices />
      {children}
      <Footer />
    </>
  );
}
