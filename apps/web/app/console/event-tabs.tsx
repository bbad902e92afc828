import { consolePath } from "@sports/jsonapi";
import * as m from "../paraglide/messages.js";
import { ConsoleTabs } from "./console-tabs.tsx";
import { useConsoleRole } from "./organiser-form.tsx";

/**
 * The sections of one event in the console, on every screen about it: its details, how signups are
 * going, the signups, the clubs' signups, the certificates to review, the start lists, the check-in
 * race by race and, for an organiser, the discount codes (what each takes off is money: staff are not
 * shown it) and the federation card lists.
 */
export function EventTabs({ eventId }: { eventId: string }) {
  const organiser = useConsoleRole() === "organiser";
  const tabs = [
    { to: consolePath("event", { id: eventId }), label: m.console_tab_details() },
    { to: consolePath("eventDashboard", { id: eventId }), label: m.console_tab_dashboard() },
    { to: consolePath("eventSignups", { id: eventId }), label: m.console_nav_signups() },
    { to: consolePath("eventClubEntries", { id: eventId }), label: m.console_tab_clubs() },
    { to: consolePath("certificates", { id: eventId }), label: m.console_nav_certificates() },
    { to: consolePath("startLists", { id: eventId }), label: m.console_nav_start_lists() },
    { to: consolePath("eventCheckIn", { id: eventId }), label: m.console_nav_checkin() },
    ...(organiser
      ? [
          { to: consolePath("discountCodes", { id: eventId }), label: m.console_discount_codes_title() },
          { to: consolePath("eventCardLists", { id: eventId }), label: m.console_tab_cards() },
        ]
      : []),
  ];
  return <ConsoleTabs label={m.console_event_tabs()} tabs={tabs} />;
}
