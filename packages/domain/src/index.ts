export * from "./accounts.ts";
export * from "./catalogue.ts";
export * from "./eligibility.ts";
export type * from "./entities.ts";
export * from "./locale.ts";
export * from "./payment.ts";
export * from "./price.ts";
export * from "./refusal.ts";
export * from "./signup.ts";
