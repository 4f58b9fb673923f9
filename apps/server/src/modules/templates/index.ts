/** SMS templates (issue 11). The only door into this module. */
export { templatesRoutes } from "./routes.ts";
