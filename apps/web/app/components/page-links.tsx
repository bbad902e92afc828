import * as m from "../paraglide/messages.js";
import { SiteLink } from "./site-link.tsx";

/**
 * The pages to offer around `page` of `pages`: the first, the last, and two either side of the
 * current one, a gap (null) where numbers are left out: 1 … 5 6 [7] 8 9 … 400.
 */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown: (number | null)[] = [];
  for (let number = 1; number <= pages; number++) {
    const near = Math.abs(number - page) <= 2;
    if (number === 1 || number === pages || near) shown.push(number);
    else if (shown.at(-1) !== null) shown.push(null);
  }
  return shown;
}

/**
 * Links to a long list's pages (a race's results run to hundreds): previous, numbers around the
 * current one, next. Plain links, so they work without JavaScript; hidden from a printout.
 */
export function PageLinks({ page, pages, hrefOf }: { page: number; pages: number; hrefOf: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={m.pagination()} className="pagination page-links no-print">
      {page > 1 && (
        <SiteLink to={hrefOf(page - 1)} rel="prev">
          {m.page_previous()}
        </SiteLink>
      )}
      <ul>
        {pageWindow(page, pages).map((number, index) =>
          number === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place.
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={number}>
              {number === page ? (
                <span aria-current="page">{number}</span>
              ) : (
                <SiteLink to={hrefOf(number)} aria-label={m.page_of({ page: String(number), pages: String(pages) })}>
                  {number}
                </SiteLink>
              )}
            </li>
          ),
        )}
      </ul>
      {page < pages && (
        <SiteLink to={hrefOf(page + 1)} rel="next">
          {m.page_next()}
        </SiteLink>
      )}
    </nav>
  );
}
