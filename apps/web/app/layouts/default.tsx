import { Outlet } from "react-router";
import { VerificationReminder } from "../components/account-menu.tsx";
import { Footer } from "../components/footer.tsx";
import { Header } from "../components/header.tsx";
import { OfflineNotice } from "../components/offline-notice.tsx";
import * as m from "../paraglide/messages.js";

/** Header, navigation and footer: every browse and account screen. */
export default function DefaultLayout() {
  return (
    <>
      <a href="#content" className="skip-link">
        {m.skip_to_content()}
      </a>
      <Header />
      <OfflineNotice />
      <VerificationReminder />
      <Outlet />
      <Footer />
    </>
  );
}
