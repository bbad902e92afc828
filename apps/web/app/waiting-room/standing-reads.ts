import { JSONAPI_MEDIA_TYPE, type QueueEntryAttributes } from "@sports/jsonapi";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";

type Entry = QueueEntryAttributes & { id: string };

/**
 * A waiting entry's page in the browser (docs/decisions/074-waiting-room-standing.md): it reads the
 * entry's own address with its signed standing (`self`, the API's `links.self`) at the pace each
 * answer asks, and shows what it says; the server answers that read from the standing and the clock.
 * Once an answer is no longer `waiting`, or a read fails, the page's loaders are asked again as on
 * any live page (live-page.tsx): that full read tells the admission and sets the pass's cookie.
 * Returns the entry as last read, or `entry` as the page was loaded.
 */
export function useStandingReads(apiBaseUrl: string, self: string | null, entry: Entry | null, seconds: number) {
  const { revalidate } = useRevalidator();
  // What the reads said since the page was loaded with `entry`.
  const [read, setRead] = useState<{ for: Entry | null; entry: Entry }>();
  useEffect(() => {
    if (!self) return;
    const url = `${apiBaseUrl.replace(/\/+$/, "")}${self}`;
    const reading = new AbortController();
    let timer: number | undefined;
    const after = (wait: number) => {
      timer = window.setTimeout(readAgain, wait * 1000);
    };
    const readAgain = async () => {
      if (document.visibilityState === "hidden") return after(seconds);
      try {
        const answer = await fetch(url, {
          headers: { Accept: JSONAPI_MEDIA_TYPE },
          cache: "no-store",
          signal: reading.signal,
        });
        const body = answer.ok ? await answer.json() : undefined;
        const found = body?.data as { id: string; attributes: QueueEntryAttributes } | undefined;
        if (found?.attributes?.state === "waiting") {
          setRead({ for: entry, entry: { id: found.id, ...found.attributes } });
          return after(typeof body.meta?.refreshAfter === "number" ? body.meta.refreshAfter : seconds);
        }
      } catch {
        if (reading.signal.aborted) return;
      }
      void revalidate();
    };
    after(seconds);
    return () => {
      reading.abort();
      window.clearTimeout(timer);
    };
    // A new load of the page (its entry anew) starts the reads again, from what it says.
  }, [apiBaseUrl, self, entry, seconds, revalidate]);
  return read && read.for === entry ? read.entry : entry;
}
