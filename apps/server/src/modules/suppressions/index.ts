/** The organization's suppression list: view, export, add and remove (issue 13 point 3). The only door into this module. */

export { suppressionsRoutes } from "./routes.ts";
