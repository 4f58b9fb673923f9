export { devInboxRoutes } from "./routes.ts";
