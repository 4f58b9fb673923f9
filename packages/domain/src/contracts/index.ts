export * from "./common.ts";
export * from "./system.ts";
