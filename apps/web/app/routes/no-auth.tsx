import { data } from "react-router";
import { SiteLink } from "../components/site-link.tsx";
import { useRootData } from "../lib/root-data.ts";
import { privatePageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";

export { privateHeaders as headers } from "../lib/seo.ts";

export function meta() {
  return privatePageMeta(m.no_auth_title());
}

/** Where a logged-in visitor lands who asked for something that is not theirs: an honest 403. */
export function loader() {
  return data(null, { status: 403 });
}

export default function NoAuth() {
  const { visitor } = useRootData();
  return (
    <main id="content" className="container section narrow error-page">
      <p className="error-status">{m.error_status({ status: "403" })}</p>
      <h1>{m.no_auth_title()}</h1>
      <p>{visitor ? m.no_auth_text_logged_in({ name: visitor.givenName }) : m.no_auth_text()}</p>
      <p>
        <SiteLink to="/" className="button button-primary">
          {m.error_back_home()}
        </SiteLink>
      </p>
    </main>
  );
}
