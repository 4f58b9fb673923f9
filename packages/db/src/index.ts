export * from "./client.ts";
export * from "./create-organization.ts";
export * from "./migrate.ts";
export { PGliteRemote, PGliteRemoteError } from "./pglite-remote.ts";
export {
  InteractiveScope,
  interactiveScope,
  isInteractive,
  meterSession,
  runInteractive,
} from "./priority.ts";
export * as schema from "./schema/index.ts";
export * from "./seed.ts";
