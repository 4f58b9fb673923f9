export { systemRoutes } from "./routes.ts";
