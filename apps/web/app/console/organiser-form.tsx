import type { ComponentProps } from "react";
import { Form, useMatches } from "react-router";

/** The console's role of the visitor, as the console's layout found it (layouts/console.tsx). */
export function useConsoleRole(): "organiser" | "staff" {
  const layout = useMatches().find((match) => match.id.endsWith("layout-console"));
  return (layout?.loaderData as { role?: "organiser" | "staff" } | undefined)?.role ?? "staff";
}

/**
 * A form only an organiser may send: staff see what it holds, every field and button disabled (the
 * API would refuse them anyway, `not-organiser`).
 */
export function OrganiserForm({ children, ...props }: ComponentProps<typeof Form>) {
  const role = useConsoleRole();
  return (
    <Form {...props}>
      <fieldset disabled={role !== "organiser"} className="console-fieldset">
        {children}
      </fieldset>
    </Form>
  );
}
