import type { LocalizedText } from "@sports/domain";

/** What `filter[q]` matches: every language's title and summary, the venue and the place, lower-cased. */
export function searchTextOf(event: {
  title: LocalizedText;
  summary?: LocalizedText;
  venueName: string;
  locality: string;
  region?: string | null;
}): string {
  const parts = [
    ...Object.values(event.title),
    ...Object.values(event.summary ?? {}),
    event.venueName,
    event.locality,
    event.region ?? "",
  ];
  return parts.filter(Boolean).join(" \u2022 ").toLowerCase();
}
