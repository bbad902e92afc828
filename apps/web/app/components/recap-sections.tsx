import type { ReactNode } from "react";
import { formatDateTime, formatPrice } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import { methodName } from "../signup/labels.ts";
import type { SignupPage } from "../signup/page.ts";
import { signupPath } from "../signup/paths.ts";
import { SiteLink } from "./site-link.tsx";

/*
 * The signup recap's page (routes/signup-recap.tsx): where the signup stands, and its sections, each
 * with a link back to its step while the signup is held.
 */

/** One step's section of the recap: its title, a link to change it while held, and what it holds. */
export function RecapSection({
  page,
  title,
  step,
  children,
}: {
  page: SignupPage;
  title: string;
  step: "participants" | "stays";
  children: ReactNode;
}) {
  const id = `recap-${step}`;
  return (
    <section className="recap-section" aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id}>{title}</h2>
        {page.signup.state === "held" && page.steps.find((item) => item.step === step)?.reachable !== false && (
          <SiteLink
            to={signupPath(page.place, page.signup.id, step)}
            aria-label={m.signup_edit_named({ name: title })}
            className="edit-link"
          >
            {m.signup_edit()}
          </SiteLink>
        )}
      </div>
      {children}
    </section>
  );
}

/** What became of a submitted signup: waiting for the payment, confirmed, or cancelled. */
export function SignupStateNotice({ page }: { page: SignupPage }) {
  const { locale, apiBaseUrl } = useRootData();
  const { signup } = page;
  const total = signup.price ? formatPrice(signup.price.total.amount, signup.price.total.currency, locale) : "";
  switch (signup.state) {
    case "awaiting-payment":
      return (
        <div className="notice notice-ok" role="status">
          <p>{m.signup_awaiting_payment()}</p>
          {signup.paymentDueAt && (
            <p>
              {m.signup_pay_by({
                total,
                date: formatDateTime(signup.paymentDueAt, locale, signup.event.timeZone),
                method: methodName(signup.paymentMethod),
              })}
            </p>
          )}
        </div>
      );
    case "confirmed":
      return (
        <div className="notice notice-ok" role="status">
          <p>{m.signup_confirmed()}</p>
          <p>
            <a href={`${apiBaseUrl.replace(/\/+$/, "")}/api/signups/${signup.id}/calendar`} download>
              {m.signup_calendar()}
            </a>
          </p>
        </div>
      );
    case "cancelled":
      return <p className="notice notice-warning">{m.signup_cancelled_notice()}</p>;
    default:
      return null;
  }
}
