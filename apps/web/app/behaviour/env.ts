// Minimal shapes of the browser objects the behaviour modules listen to. Injected rather than read
// from globals so the modules run in Node tests (a plain EventTarget fits) and never touch `window`
// during server rendering.

export interface EventTargetLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** `navigator.connection` (Network Information API); absent in Firefox and Safari. */
export interface ConnectionLike extends Partial<EventTargetLike> {
  effectiveType?: string;
  saveData?: boolean;
}

export interface BrowserEnv {
  window: EventTargetLike;
  navigator: { onLine: boolean; connection?: ConnectionLike };
}
