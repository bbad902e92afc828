import { basename } from "node:path";

/**
 * The organiser's address of one spec file: every spec file that needs an organiser has its own, so
 * files sharing a server never race to register the same account. playwright.config.ts lists every
 * spec file's in `ORGANISER_EMAILS` (which matches whole addresses), console-fixtures.ts hands each
 * test its file's.
 */
export function organiserOf(specFile: string): string {
  return `organiser-${basename(specFile).replace(/\.spec\.ts$/, "")}@example.org`;
}
