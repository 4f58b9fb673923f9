export * from "./client.ts";
export * from "./create-organization.ts";
export * from "./migrate.ts";
export * as schema from "./schema/index.ts";
export * from "./seed.ts";
