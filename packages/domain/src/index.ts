export * from "./rules/index.ts";
export * from "./routes.ts";
export * from "./contracts/index.ts";
