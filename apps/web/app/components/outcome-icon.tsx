/** How an outcome feels: done, still waiting, did not happen, or a plain fact. */
export type OutcomeTone = "ok" | "wait" | "stop" | "info";

/** The outcome's mark beside its heading: decoration only, the heading says it in words. */
export function OutcomeIcon({ tone }: { tone: OutcomeTone }) {
  return (
    <svg
      className="outcome-icon"
      aria-hidden="true"
      width="40"
      height="40"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="12" cy="12" r="10" />
      {tone === "ok" && <path d="m8 12 3 3 5-6" />}
      {tone === "wait" && <path d="M12 7v5l3 2" />}
      {tone === "stop" && <path d="m15 9-6 6M9 9l6 6" />}
      {tone === "info" && <path d="M12 16v-5M12 8h.01" />}
    </svg>
  );
}
