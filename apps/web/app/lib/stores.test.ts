import { describe, expect, it } from "vitest";
import { createStore, type StorageLike } from "./stores.ts";

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe("namespaced stores", () => {
  it("keep each namespace under its own key and survive a reload", () => {
    const storage = memoryStorage();
    const session = createStore<{ token?: string }>("session", {}, storage);
    const app = createStore<{ theme?: string }>("app", {}, storage);
    session.set({ token: "t-1" });
    app.set({ theme: "dark" });
    expect([...storage.data.keys()].sort()).toEqual(["sports-events:app", "sports-events:session"]);
    expect(createStore<{ token?: string }>("session", {}, storage).getSnapshot()).toEqual({ token: "t-1" });
  });

  it("notify on change only, with a new snapshot each time, and forget on reset", () => {
    const storage = memoryStorage();
    const store = createStore<{ step?: string }>("registration", {}, storage);
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    const before = store.getSnapshot();
    store.set({ step: "recap" });
    expect(store.getSnapshot()).not.toBe(before);
    store.set((current) => current);
    expect(calls).toBe(1);
    store.reset();
    expect(store.getSnapshot()).toEqual({});
    expect(storage.data.size).toBe(0);
    unsubscribe();
    store.set({ step: "stays" });
    expect(calls).toBe(2);
  });

  it("fall back to the initial value when storage holds garbage or is missing", () => {
    const storage = memoryStorage();
    storage.setItem("sports-events:app", "{not json");
    expect(createStore("app", { a: 1 }, storage).getSnapshot()).toEqual({ a: 1 });
    expect(createStore("app", { a: 1 }).getSnapshot()).toEqual({ a: 1 });
  });
});
