export * from "./contracts/index.ts";
export * from "./endpoints/index.ts";
export * from "./permissions.ts";
export * from "./roles.ts";
export type { Locale } from "./routes.ts";
export * from "./routes.ts";
export * from "./rules/index.ts";
