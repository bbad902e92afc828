import type { ComponentProps, ReactNode } from "react";
import { Form, useMatches } from "react-router";
import { SiteLink } from "../components/site-link.tsx";
import * as m from "../paraglide/messages.js";
import { SavedNotice } from "./notices.tsx";

/** The console's role of the visitor, as the console's layout found it (layouts/console.tsx). */
export function useConsoleRole(): "organiser" | "staff" {
  const layout = useMatches().find((match) => match.id.endsWith("layout-console"));
  return (layout?.loaderData as { role?: "organiser" | "staff" } | undefined)?.role ?? "staff";
}

/**
 * A form only an organiser may send. Staff see what it holds as disabled fields, with no form to
 * send and no buttons (console.css hides them), under the page's `ReadOnlyNotice`; the API would
 * refuse them anyway (`not-organiser`).
 */
export function OrganiserForm({ children, ...props }: ComponentProps<typeof Form>) {
  const role = useConsoleRole();
  if (role !== "organiser")
    return (
      <div className={["console-readonly", props.className].filter(Boolean).join(" ")}>
        <fieldset disabled className="console-fieldset">
          {children}
        </fieldset>
      </div>
    );
  return (
    <Form {...props}>
      <fieldset className="console-fieldset">{children}</fieldset>
    </Form>
  );
}

/** At the top of a page of organisers' forms, for staff: they may read it, not change it. */
export function ReadOnlyNotice() {
  if (useConsoleRole() === "organiser") return null;
  return (
    <p className="notice" role="note">
      {m.console_readonly_notice()}
    </p>
  );
}

/**
 * The top of a page of organisers' forms (an event, an appointment, a stay, a page): its name, the
 * read-only notice for staff, the way back to what it belongs to, what belongs under the name (an
 * event's tabs, an appointment's places) and "Saved" after a save.
 */
export function FormPageHead({
  title,
  back,
  saved,
  children,
}: {
  title: string;
  back?: { to: string; label: string } | undefined;
  saved: boolean | undefined;
  children?: ReactNode;
}) {
  return (
    <>
      <h1>{title}</h1>
      <ReadOnlyNotice />
      {back ? (
        <p>
          <SiteLink to={back.to}>{back.label}</SiteLink>
        </p>
      ) : null}
      {children}
      <SavedNotice saved={saved} />
    </>
  );
}

/**
 * Cancelling an event or an appointment: a box to tick first (sent without it, the action refuses,
 * its refusal at `refusalId` describing the box), then the danger button. `children` are the
 * form's hidden fields and its refusal.
 */
export function CancelForm({
  confirm,
  label,
  refusalId,
  refused,
  button,
  children,
}: {
  confirm: string;
  label: string;
  refusalId: string;
  refused: boolean;
  button?: { name: string; value: string };
  children: ReactNode;
}) {
  return (
    <OrganiserForm method="post" className="console-cancel" noValidate>
      {children}
      <label>
        <input
          type="checkbox"
          name="confirm"
          value="yes"
          required
          aria-invalid={refused || undefined}
          aria-describedby={refused ? refusalId : undefined}
        />{" "}
        {confirm}
      </label>
      <button type="submit" name={button?.name} value={button?.value} className="button button-danger">
        {label}
      </button>
    </OrganiserForm>
  );
}
