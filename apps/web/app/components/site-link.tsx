import type { ComponentProps } from "react";
import { Link } from "react-router";
import { usePrefetchAllowed } from "../lib/network.ts";
import { useRootData } from "../lib/root-data.ts";

type SiteLinkProps = Omit<ComponentProps<typeof Link>, "to" | "prefetch"> & { to: string };

/**
 * A link inside the site: keeps the page's language prefix and prefetches on intent only when the
 * connection allows it (docs/behaviour.md#prefetch).
 */
export function SiteLink({ to, ...props }: SiteLinkProps) {
  const { prefix } = useRootData();
  const prefetch = usePrefetchAllowed();
  return <Link to={localHref(prefix, to)} prefetch={prefetch ? "intent" : "none"} {...props} />;
}

export function localHref(prefix: string, to: string): string {
  if (!to.startsWith("/")) return to;
  if (!prefix) return to;
  return to === "/" ? prefix : `${prefix}${to}`;
}
