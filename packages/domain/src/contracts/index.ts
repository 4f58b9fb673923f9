export * from "./accounts.ts";
export * from "./common.ts";
export * from "./system.ts";
export * from "./marketing.ts";
