import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";

/**
 * A link of the console's navigation, marked `aria-current="page"` on its own screen (`end`: that
 * path only; else its screens below too). Plain `Link`, so the public pages' shared router chunk
 * carries nothing for the console.
 */
export function SectionLink({ to, end = false, children }: { to: string; end?: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  const current = pathname === to || (!end && pathname.startsWith(`${to}/`));
  return (
    <Link to={to} {...(current ? { "aria-current": "page" as const } : {})}>
      {children}
    </Link>
  );
}
