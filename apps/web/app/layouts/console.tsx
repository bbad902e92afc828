import { consolePath } from "@sports/jsonapi";
import { Outlet, useLoaderData } from "react-router";
import { ErrorPage, errorPageMeta, errorStatus } from "../components/error-page.tsx";
import { LanguageSwitcher } from "../components/language-switcher.tsx";
import { OfflineNotice } from "../components/offline-notice.tsx";
import { localHref, SiteLink } from "../components/site-link.tsx";
import { requireTeamMember } from "../console/access.server.ts";
import { SectionLink } from "../console/section-link.tsx";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import type { Route } from "./+types/console.ts";
import "../console/console.css";

/**
 * Only the organiser's team gets past this (console/access.server.ts), before a screen's form is
 * read as before its page: each screen asks the API again.
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context, request }, next) => {
    requireTeamMember(context, request);
    return next();
  },
];

export function loader({ context, request }: Route.LoaderArgs) {
  const visitor = requireTeamMember(context, request);
  return { role: visitor.role === "organiser" ? ("organiser" as const) : ("staff" as const) };
}

/** The console's own frame: a bar with its sections (on a phone they wrap, the current one in sight), no site footer. */
export default function ConsoleLayout() {
  const { role } = useLoaderData<typeof loader>();
  const { prefix, visitor } = useRootData();
  const sections = [
    { to: consolePath("home"), label: m.console_nav_dashboard(), end: true },
    { to: consolePath("events"), label: m.console_nav_events() },
    { to: consolePath("checkIn"), label: m.console_nav_checkin() },
    ...(role === "organiser"
      ? [
          { to: consolePath("pages"), label: m.console_nav_pages() },
          { to: consolePath("team"), label: m.console_nav_team() },
          { to: consolePath("billingDocuments"), label: m.console_nav_billing_documents() },
          { to: consolePath("organisation"), label: m.console_nav_organisation() },
          { to: consolePath("audit"), label: m.console_nav_audit() },
        ]
      : []),
  ];
  return (
    <div className="console">
      <a href="#content" className="skip-link">
        {m.skip_to_content()}
      </a>
      <header className="console-header">
        <div className="console-bar">
          <SiteLink to={consolePath("home")} className="console-brand">
            {m.console_title()}
          </SiteLink>
          <span className="console-who">
            {visitor?.givenName} · {role === "organiser" ? m.console_role_organiser() : m.console_role_staff()}
          </span>
          <div className="console-tools">
            <LanguageSwitcher />
            <SiteLink to="/" className="console-back">
              {m.console_back_to_site()}
            </SiteLink>
          </div>
        </div>
        <nav aria-label={m.console_nav_label()} className="console-nav">
          <ul>
            {sections.map((section) => (
              <li key={section.to}>
                <SectionLink to={localHref(prefix, section.to)} end={section.end === true}>
                  {section.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <OfflineNotice />
      <Outlet />
    </div>
  );
}

export const meta: Route.MetaFunction = errorPageMeta;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={errorStatus(error)} />;
}
