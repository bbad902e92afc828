import { describe, expect, it, vi } from "vitest";
import { createOnlineStatus } from "./online.ts";

function fakeEnv(onLine: boolean) {
  return { window: new EventTarget(), navigator: { onLine } };
}

describe("createOnlineStatus", () => {
  it("reads the initial value; the server assumes online", () => {
    expect(createOnlineStatus(fakeEnv(true)).getSnapshot()).toBe(true);
    const offline = createOnlineStatus(fakeEnv(false));
    expect(offline.getSnapshot()).toBe(false);
    expect(offline.getServerSnapshot()).toBe(true);
  });

  it("notifies on online/offline events until unsubscribed", () => {
    const env = fakeEnv(true);
    const status = createOnlineStatus(env);
    const listener = vi.fn();
    const unsubscribe = status.subscribe(listener);

    env.navigator.onLine = false;
    env.window.dispatchEvent(new Event("offline"));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(status.getSnapshot()).toBe(false);

    env.navigator.onLine = true;
    env.window.dispatchEvent(new Event("online"));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(status.getSnapshot()).toBe(true);

    unsubscribe();
    env.window.dispatchEvent(new Event("offline"));
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
