import { type Locale, negotiateLocale } from "@sports/domain";
import type { DataDocument, EventAttributes, ResourceObject } from "@sports/jsonapi";
import type { Context } from "hono";

/** The in-process API: what `Hono#request` offers. */
interface ApiClient {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

import { html, raw } from "hono/html";

/**
 * The home page the server answers until the React site takes over `/`: the upcoming events, read
 * through the same JSON:API the site will use.
 */
const TEXT = {
  "en-US": {
    title: "Sports events",
    description: "A system for managing events and appointments: browse sports events, sign up and pay online.",
    heading: "Upcoming events",
    from: "from",
    state: { open: "Open", "not-yet-open": "Opens soon", closed: "Closed", "sold-out": "Sold out" },
    cancelled: "Cancelled",
    left: (n: number) => `${n} places left`,
    empty: "No upcoming events yet.",
    api: "Browse the catalogue API",
  },
  "it-IT": {
    title: "Eventi sportivi",
    description:
      "Un sistema per la gestione di eventi e appuntamenti: scopri gli eventi sportivi, iscriviti e paga online.",
    heading: "Prossimi eventi",
    from: "da",
    state: { open: "Iscrizioni aperte", "not-yet-open": "Apre a breve", closed: "Chiuso", "sold-out": "Esaurito" },
    cancelled: "Annullato",
    left: (n: number) => `${n} posti disponibili`,
    empty: "Ancora nessun evento in programma.",
    api: "Esplora l'API del catalogo",
  },
} as const;

const STYLE = `
:root{color-scheme:light dark;--bg:#f6f7f9;--card:#fff;--ink:#14181f;--muted:#5a6472;--accent:#c2410c}
@media (prefers-color-scheme:dark){:root{--bg:#0f1217;--card:#181c23;--ink:#eef1f5;--muted:#a3adba;--accent:#fb923c}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--ink)}
header,main,footer{max-width:72rem;margin:0 auto;padding:1rem}header{font-weight:700;font-size:1.25rem}
h1{font-size:1.75rem;margin:.5rem 0 1rem}ul{list-style:none;margin:0;padding:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(17rem,1fr))}
li{background:var(--card);border-radius:.75rem;overflow:hidden;box-shadow:0 1px 3px #0002}
img{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover}.body{padding:.75rem 1rem 1rem}
h2{font-size:1.1rem;margin:0 0 .25rem}p{margin:.25rem 0;color:var(--muted)}.badge{display:inline-block;margin-top:.5rem;padding:.1rem .5rem;border-radius:1rem;background:var(--accent);color:#fff;font-size:.85rem}
.badge.closed,.badge.sold-out{background:var(--muted)}a{color:var(--accent)}footer{color:var(--muted)}`;

export async function homePage(c: Context, api: ApiClient, defaultLocale: Locale) {
  const locale = negotiateLocale(c.req.header("accept-language")) ?? defaultLocale;
  const text = locale === "it-IT" ? TEXT["it-IT"] : TEXT["en-US"];
  const answer = await api.request("/events?filter[when]=upcoming&page[size]=12", {
    headers: { accept: "application/vnd.api+json", "accept-language": locale },
  });
  const events = ((await answer.json()) as DataDocument<ResourceObject<"events", EventAttributes>[]>).data;
  const nonce = (c.get("secureHeadersNonce" as never) as string | undefined) ?? "";
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium" });
  const cards = events.map((resource) => {
    // No sparse fieldset was asked for, so every attribute is there.
    const event = resource.attributes as EventAttributes;
    const price = event.priceFrom
      ? new Intl.NumberFormat(locale, { style: "currency", currency: event.priceFrom.currency }).format(
          event.priceFrom.amount / 100,
        )
      : null;
    const state = event.availability?.state ?? "closed";
    const badge =
      event.status === "cancelled"
        ? text.cancelled
        : state === "open" && event.availability
          ? text.left(event.availability.remaining)
          : text.state[state];
    return html`<li>
      ${event.cover ? html`<img src="${event.cover.url}" alt="${event.cover.alt}" width="1600" height="900" loading="lazy">` : ""}
      <div class="body"><h2><a href="/api/events/${event.slug}">${event.title}</a></h2>
      <p>${day.format(new Date(event.startsAt))} · ${event.venue.locality}</p>
      ${price ? html`<p>${text.from} ${price}</p>` : ""}
      <span class="badge ${state}">${badge}</span></div>
    </li>`;
  });
  return c.html(html`<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${text.title}</title><meta name="description" content="${text.description}">
<style nonce="${nonce}">${raw(STYLE)}</style></head>
<body><header>${text.title}</header><main><h1>${text.heading}</h1>
${events.length ? html`<ul>${cards}</ul>` : html`<p>${text.empty}</p>`}</main>
<footer><a href="/api/events">${text.api}</a></footer></body></html>`);
}
