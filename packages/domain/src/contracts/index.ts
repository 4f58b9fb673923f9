export * from "./accounts.ts";
export * from "./common.ts";
export * from "./marketing.ts";
export * from "./system.ts";
