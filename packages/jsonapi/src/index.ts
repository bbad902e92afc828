export * from "./document.ts";
export type * from "./resources.ts";
