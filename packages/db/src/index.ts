export * from "./client.ts";
export * from "./create-organization.ts";
export * from "./migrate.ts";
export { InteractiveScope, runInteractive } from "./priority.ts";
export * as schema from "./schema/index.ts";
export * from "./seed.ts";
export { SliceSize } from "./slice-size.ts";
export { affectedRows, pgArray, queryRows } from "./sql-rows.ts";
