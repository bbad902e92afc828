export * from "./client.ts";
export * from "./console-paths.ts";
export * from "./document.ts";
export * from "./field-rules.ts";
export * from "./language.ts";
export * from "./resources.ts";
export * from "./site-paths.ts";
export * from "./store.ts";
