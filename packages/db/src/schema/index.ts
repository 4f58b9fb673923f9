export * from "./core.ts";
export * from "./accounts.ts";
