export * from "./common.ts";
export * from "./system.ts";
export * from "./accounts.ts";
