export * from "./accounts.ts";
export * from "./common.ts";
export * from "./files.ts";
export * from "./lists.ts";
export * from "./marketing.ts";
export * from "./marketing-lists.ts";
export * from "./system.ts";
