import { localHref } from "../components/site-link.tsx";
import { useRootData } from "../lib/root-data.ts";
import { SectionLink } from "./section-link.tsx";

/** The sections of one record in the console, as tabs that wrap on a phone: each a link, the current one marked. */
export function ConsoleTabs({ label, tabs }: { label: string; tabs: readonly { to: string; label: string }[] }) {
  const { prefix } = useRootData();
  return (
    <nav aria-label={label} className="console-tabs">
      <ul>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <SectionLink to={localHref(prefix, tab.to)} end>
              {tab.label}
            </SectionLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
