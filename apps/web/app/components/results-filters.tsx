import { Form } from "react-router";
import { type ResultFilters, resultSearchOf } from "../lib/results.ts";
import * as m from "../paraglide/messages.js";
import { SiteLink } from "./site-link.tsx";

/**
 * The results' filters: a GET form, so it works without JavaScript and the address keeps what was
 * chosen (a link to "the women of my club" can be shared). Filtering starts again from page one and
 * keeps the order. Hidden from a printout (app.css).
 */
export function ResultsFilters({
  filters,
  categories,
  clubs,
  listPath,
}: {
  filters: ResultFilters;
  categories: string[];
  clubs: string[];
  /** The list's address without a query: where "Clear filters" leads. */
  listPath: string;
}) {
  const { field, descending } = filters.sort;
  const sort = field !== "rank" || descending ? `${descending ? "-" : ""}${field}` : "";
  const filtered = filters.q || filters.gender || filters.category || filters.club;
  return (
    // Drawn afresh for each address: its fields' defaults are the address's, after "Clear filters" too.
    <Form
      key={resultSearchOf(filters).toString()}
      method="get"
      className="filters results-filters no-print"
      aria-label={m.results_filters()}
    >
      <div className="field">
        <label htmlFor="results-q">{m.results_search()}</label>
        <input id="results-q" name="q" type="search" defaultValue={filters.q} maxLength={100} />
      </div>
      <div className={categories.length > 0 ? "field field-half" : "field"}>
        <label htmlFor="results-gender">{m.results_gender()}</label>
        <select id="results-gender" name="gender" defaultValue={filters.gender}>
          <option value="">{m.results_gender_all()}</option>
          <option value="female">{m.results_gender_female()}</option>
          <option value="male">{m.results_gender_male()}</option>
          <option value="open">{m.results_gender_open()}</option>
        </select>
      </div>
      {categories.length > 0 && (
        <div className="field field-half">
          <label htmlFor="results-category">{m.results_category()}</label>
          <select id="results-category" name="category" defaultValue={filters.category}>
            <option value="">{m.results_category_all()}</option>
            {categories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </div>
      )}
      {clubs.length > 0 && (
        <div className="field">
          <label htmlFor="results-club">{m.results_club()}</label>
          <select id="results-club" name="club" defaultValue={filters.club}>
            <option value="">{m.results_club_all()}</option>
            {clubs.map((club) => (
              <option key={club} value={club}>
                {club}
              </option>
            ))}
          </select>
        </div>
      )}
      {sort && <input type="hidden" name="sort" value={sort} />}
      <div className="filter-actions">
        <button type="submit" className="button">
          {m.results_filter_apply()}
        </button>
        {filtered && <SiteLink to={listPath}>{m.filter_clear()}</SiteLink>}
      </div>
    </Form>
  );
}
