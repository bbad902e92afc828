import type { ReactNode } from "react";

/**
 * A console table that may be wider than a phone: it scrolls sideways within its own box, a figure
 * named by the table's heading that keyboard users can focus and scroll with the arrow keys (not a
 * region: the heading's section is one already).
 */
export function TableScroll({
  labelledBy,
  wide = false,
  children,
}: {
  /** The id of the heading that names the table. */
  labelledBy: string;
  /** Kept as a table at widths where the console's other tables turn into cards. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <figure
      className={wide ? "console-table-wrap console-wide" : "console-table-wrap"}
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
    >
      {children}
    </figure>
  );
}
