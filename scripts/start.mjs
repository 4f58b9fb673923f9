// `npm start`: build what is missing, then run the server (API, web and worker in one process).
import { register } from "tsx/esm/api";
import { buildWebIfNeeded } from "./web-build.mjs";

buildWebIfNeeded();
register();
await import("../apps/server/src/main.ts");
