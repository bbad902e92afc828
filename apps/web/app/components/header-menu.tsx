import type { ReactNode } from "react";

/**
 * A menu of the header (the language, the account): a disclosure that works without JavaScript,
 * one line on a phone (its icon and a short label) and its list on demand (app.css, `.header-menu`).
 */
export function HeaderMenu({ icon, summary, children }: { icon: ReactNode; summary: ReactNode; children: ReactNode }) {
  return (
    <details>
      <summary>
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          {icon}
        </svg>
        {summary}
      </summary>
      <ul>{children}</ul>
    </details>
  );
}
