/**
 * What the engines' journeys drive (docs/engines.md): one browser tab, whatever the engine and its
 * driver. The journeys (journeys.ts) are written once against it; puppeteer-tab.ts drives Chromium
 * over CDP and Firefox over WebDriver BiDi, webdriver-tab.ts drives WebKit over classic WebDriver.
 */

export type Engine = "chromium" | "firefox" | "webkit";

/** Text to match, whole (a string, spaces folded) or in part (a pattern). */
export type Text = string | RegExp;

/**
 * An element on the page: the first visible one that `css` selects (or the control a label whose
 * text is `label` names), whose text is `text`, inside the first element `within` selects.
 */
export interface Target {
  css?: string;
  label?: Text;
  text?: Text;
  within?: string;
  /** Hidden ones too: a file input styled away, say. */
  hidden?: boolean;
}

/** A target as it crosses into the page: patterns as their source and flags. */
export type SentTarget = Omit<Target, "label" | "text"> & { label?: SentText; text?: SentText };
type SentText = string | { source: string; flags: string };

const sentText = (text: Text | undefined): SentText | undefined =>
  text instanceof RegExp ? { source: text.source, flags: text.flags } : text;

export const sent = (target: Target): SentTarget => ({
  ...target,
  label: sentText(target.label),
  text: sentText(target.text),
});

/**
 * Finds a target in the page (run in the page: it uses nothing from outside its body). Returns the
 * element or null.
 */
export function locate(target: SentTarget): Element | null {
  const fold = (value: string | null | undefined) => (value ?? "").replace(/\s+/g, " ").trim();
  const matches = (value: string | null | undefined, want: SentText) =>
    typeof want === "string" ? fold(value) === want : new RegExp(want.source, want.flags).test(fold(value));
  const visible = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
  };
  const root = target.within ? document.querySelector(target.within) : document;
  if (!root) return null;
  let found: Element[];
  if (target.label !== undefined) {
    const want = target.label;
    found = [...root.querySelectorAll("label")]
      .filter((label) => matches(label.textContent, want))
      .map((label) => label.control)
      .filter((control): control is HTMLElement => control !== null);
  } else found = [...root.querySelectorAll(target.css ?? "*")];
  const text = target.text;
  if (text !== undefined) found = found.filter((element) => matches(element.textContent, text));
  return found.find((element) => target.hidden || visible(element)) ?? null;
}

/** The text of the first element `css` selects (spaces folded), or null: run in the page. */
export function textOf(css: string): string | null {
  const element = document.querySelector(css);
  return element ? (element.textContent ?? "").replace(/\s+/g, " ").trim() : null;
}

/**
 * Sets a form control's value as a script would, with the events a person's input fires: for the
 * controls no two engines type into alike (dates, selects). Run in the page.
 */
export function setValue(element: HTMLInputElement | HTMLSelectElement, value: string): void {
  const prototype = element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(element, value);
  element.dispatchEvent(new Event("input", { bubbles: true }));
  element.dispatchEvent(new Event("change", { bubbles: true }));
}

/** One tab of one engine, on the site at `origin`. */
export interface Tab {
  readonly engine: Engine;
  readonly origin: string;
  /** Loads `path` (of the site) as a typed address would, and waits for the load. */
  goto(path: string): Promise<void>;
  /** The address the tab shows. */
  url(): Promise<string>;
  /** Runs `fn` in the page with `args` (JSON values) and answers what it returns (a JSON value). */
  run<A extends unknown[], T>(fn: (...args: A) => T, ...args: A): Promise<T>;
  /** Whether the target is on the page now. */
  present(target: Target): Promise<boolean>;
  /** Clicks the target as a person would (the driver's pointer), once it is there. */
  click(target: Target): Promise<void>;
  /** Types `text` into the target with the driver's keys, after emptying it. */
  type(target: Target, text: string): Promise<void>;
  /** Chooses `path` in a file input. */
  upload(target: Target, path: string): Promise<void>;
  /** What the tab shows, as a PNG. */
  screenshot(): Promise<Buffer>;
  /** The errors the page reported (uncaught, or logged to the console), where the driver can read them; null where not. */
  errors(): string[] | null;
  close(): Promise<void>;
}
