import { consolePath } from "@sports/jsonapi";
import { localHref } from "../components/site-link.tsx";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import { SectionLink } from "./section-link.tsx";

/**
 * The sections of one appointment in the console, on every screen about it: its details, its
 * signups and its results. They look and wrap as the event's tabs do (event-tabs.tsx).
 */
export function AppointmentTabs({ appointmentId }: { appointmentId: string }) {
  const { prefix } = useRootData();
  const id = { id: appointmentId };
  const tabs = [
    { to: consolePath("appointment", id), label: m.console_tab_details() },
    { to: consolePath("appointmentSignups", id), label: m.console_nav_signups() },
    { to: consolePath("appointmentResults", id), label: m.console_results_tab() },
  ];
  return (
    <nav aria-label={m.console_results_tabs_label()} className="console-tabs">
      <ul>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <SectionLink to={localHref(prefix, tab.to)} end>
              {tab.label}
            </SectionLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
