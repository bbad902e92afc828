import type { RecordStore } from "@sports/jsonapi";
import { type ReactNode, useState } from "react";
import { Outlet, useMatches } from "react-router";
import { ErrorPage, errorPageMeta, errorStatus } from "../components/error-page.tsx";
import { HoldCountdown } from "../components/hold-countdown.tsx";
import { OfflineNotice } from "../components/offline-notice.tsx";
import { SignupSteps } from "../components/signup-steps.tsx";
import { SiteLink } from "../components/site-link.tsx";
import { formatDateTime } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import { useLoaderRecords, useRecords } from "../lib/use-records.ts";
import * as m from "../paraglide/messages.js";
import { isSignupStepData, type SignupPage, type SignupStepData, signupPageOf } from "../signup/page.ts";
import { startPath } from "../signup/paths.ts";
import type { Route } from "./+types/signup.ts";

/**
 * A focused layout for the signup steps: the brand to leave by, what is being signed up for, the
 * steps, and the countdown of the hold. No navigation to wander off through. Once the hold has
 * lapsed (on the server, or as the countdown reaches zero) the step gives way to a way to start again.
 */
export default function SignupLayout() {
  const data = useMatches()
    .map((match) => match.loaderData)
    .findLast(isSignupStepData);
  // The step's records go into the store before anything here or in the step reads them.
  useLoaderRecords(data?.documents);
  const page = useRecords(pageOf, data);
  return <SignupHeader>{page ? <SignupFrame key={page.signup.id} page={page} /> : <Outlet />}</SignupHeader>;
}

/** The brand to leave by and the offline notice, above a step or its error page. */
function SignupHeader({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#content" className="skip-link">
        {m.skip_to_content()}
      </a>
      <header className="site-header">
        <div className="container header-row">
          <SiteLink to="/" className="brand">
            {m.site_name()}
          </SiteLink>
        </div>
      </header>
      <OfflineNotice />
      {children}
    </>
  );
}

const pageOf = (store: RecordStore, data: SignupStepData | undefined) => data && signupPageOf(store, data);

function SignupFrame({ page }: { page: SignupPage }) {
  const { locale } = useRootData();
  const { signup, place, steps, step } = page;
  const [countedOut, setCountedOut] = useState(false);
  const held = signup.state === "held";
  const lapsed = signup.state === "expired" || (held && countedOut);
  const { event, appointment } = signup;
  return (
    <main id="content" className="container section narrow signup-page">
      <div className="signup-summary">
        <p className="event-sport">{event.title}</p>
        <p className="signup-what">
          {!appointment.implicit && <strong>{appointment.title}</strong>}
          {!appointment.implicit && " · "}
          <time dateTime={appointment.startsAt}>{formatDateTime(appointment.startsAt, locale, event.timeZone)}</time>
        </p>
      </div>
      {!lapsed && <SignupSteps steps={steps} current={step} place={place} signupId={signup.id} editable={held} />}
      {held && !lapsed && (
        <HoldCountdown expiresAt={signup.holdExpiresAt} timeZone={event.timeZone} onLapse={() => setCountedOut(true)} />
      )}
      {lapsed ? (
        <section className="hold-lapsed" aria-labelledby="lapsed-title">
          <h1 id="lapsed-title">{m.hold_lapsed_title()}</h1>
          <p role="alert">{m.hold_lapsed_text()}</p>
          <p>
            <SiteLink to={startPath(place)} className="button button-primary">
              {m.hold_lapsed_again()}
            </SiteLink>
          </p>
        </section>
      ) : (
        <Outlet />
      )}
    </main>
  );
}

/** Errors of this layout's pages: the error page, titled by this meta (components/error-page.tsx). */
export const meta: Route.MetaFunction = errorPageMeta;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={errorStatus(error)} frame={SignupHeader} />;
}
