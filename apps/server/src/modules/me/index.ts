export { meRoutes } from "./routes.ts";
