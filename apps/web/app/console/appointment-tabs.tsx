import { consolePath } from "@sports/jsonapi";
import * as m from "../paraglide/messages.js";
import { ConsoleTabs } from "./console-tabs.tsx";

/**
 * The sections of one appointment in the console, on every screen about it: its details, its
 * signups and its results. They look and wrap as the event's tabs do (event-tabs.tsx).
 */
export function AppointmentTabs({ appointmentId }: { appointmentId: string }) {
  const id = { id: appointmentId };
  const tabs = [
    { to: consolePath("appointment", id), label: m.console_tab_details() },
    { to: consolePath("appointmentSignups", id), label: m.console_nav_signups() },
    { to: consolePath("appointmentResults", id), label: m.console_results_tab() },
  ];
  return <ConsoleTabs label={m.console_results_tabs_label()} tabs={tabs} />;
}
