export * from "./client.ts";
export * from "./document.ts";
export type * from "./resources.ts";
export * from "./store.ts";
