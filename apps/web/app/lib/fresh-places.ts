import { type Availability, JSONAPI_MEDIA_TYPE, type ResourceObject } from "@sports/jsonapi";
import { useEffect, useState } from "react";
import { useOnline } from "./network.ts";

/** Places left by resource (`events:<id>`, `appointments:<id>`), as the API says now. */
export type FreshPlaces = ReadonlyMap<string, Availability>;

const NONE: FreshPlaces = new Map();

/**
 * Places left as the API says now. A public page may come from a cache (the server keeps rendered
 * pages for PAGE_CACHE_SECONDS, a CDN about as long), so the counts it was rendered with can be a
 * few seconds old. Once the page runs in the browser, and again when the visitor comes back to the
 * tab or online, it reads `path` from the API at `apiBaseUrl` (the catalogue answers `no-cache`); the page
 * shows those counts. `shown` is what the page was rendered from: counts read for older data are
 * not shown over newer. Signing up checks the places in the database whatever the page showed.
 */
export function useFreshPlaces(apiBaseUrl: string, path: string, shown: unknown): FreshPlaces {
  const online = useOnline();
  const [fresh, setFresh] = useState<{ for: unknown; places: FreshPlaces }>();
  useEffect(() => {
    if (!online) return;
    const url = `${apiBaseUrl.replace(/\/+$/, "")}${path}`;
    let reading: AbortController | undefined;
    const refresh = () => {
      if (document.visibilityState === "hidden") return;
      reading?.abort();
      reading = new AbortController();
      fetch(url, { headers: { Accept: JSONAPI_MEDIA_TYPE }, cache: "no-store", signal: reading.signal })
        .then((response) => (response.ok ? response.json() : undefined))
        .then((document) => document && setFresh({ for: shown, places: placesIn(document) }))
        // Offline, or a newer read took over: the page keeps the counts it has.
        .catch(() => {});
    };
    refresh();
    document.addEventListener("visibilitychange", refresh);
    return () => {
      document.removeEventListener("visibilitychange", refresh);
      reading?.abort();
    };
  }, [apiBaseUrl, path, shown, online]);
  return fresh && fresh.for === shown ? fresh.places : NONE;
}

/** The places in an API document: an event's `availability`, an appointment's own counts. */
export function placesIn(document: { data?: unknown; included?: unknown }): Map<string, Availability> {
  const places = new Map<string, Availability>();
  const data = Array.isArray(document.data) ? document.data : [document.data];
  const included = Array.isArray(document.included) ? document.included : [];
  for (const resource of [...data, ...included] as Partial<ResourceObject>[]) {
    if (!resource?.attributes) continue;
    const counts = resource.type === "events" ? resource.attributes.availability : resource.attributes;
    if (isAvailability(counts))
      places.set(`${resource.type}:${resource.id}`, {
        capacity: counts.capacity,
        remaining: counts.remaining,
        state: counts.state,
      });
  }
  return places;
}

/** `shown` with the fresh counts, when there are any. */
export function withFreshPlaces<T extends Availability>(shown: T, fresh: Availability | undefined): T {
  return fresh ? { ...shown, ...fresh } : shown;
}

function isAvailability(value: unknown): value is Availability {
  const counts = value as Partial<Availability> | null | undefined;
  return (
    typeof counts?.capacity === "number" && typeof counts.remaining === "number" && typeof counts.state === "string"
  );
}
