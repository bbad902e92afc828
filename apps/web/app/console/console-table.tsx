import type { ReactNode } from "react";

/** A column's heading; a number's column is aligned to the right, heading and cells alike. */
export type Column = string | { label: string; numeric: true };

/**
 * A console table, its column headings and its rows (`children`, the `<tr>`s of its body). On a
 * phone it scrolls sideways within its own box, never the page: a figure named by the table's
 * heading that keyboard users can focus and scroll with the arrow keys (not a region: the
 * heading's section is one already). A column left out is `false`, as an organiser's only column.
 */
export function ConsoleTable({
  labelledBy,
  columns,
  wide = false,
  className,
  children,
}: {
  /** The id of the heading that names the table. */
  labelledBy: string;
  columns: (Column | false)[];
  /** Kept as a table at widths where the console's other tables turn into cards. */
  wide?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <figure
      className={wide ? "console-table-wrap console-wide" : "console-table-wrap"}
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
    >
      <table className={className ? `console-table ${className}` : "console-table"}>
        <thead>
          <tr>
            {columns.map((column) => {
              if (column === false) return null;
              const label = typeof column === "string" ? column : column.label;
              return (
                <th key={label} scope="col" className={typeof column === "string" ? undefined : "console-num"}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </figure>
  );
}

/** A number's column heading. */
export const numeric = (label: string): Column => ({ label, numeric: true });
