export * from "./client.ts";
export * from "./document.ts";
export * from "./language.ts";
export * from "./resources.ts";
export * from "./store.ts";
