export { filesRoutes } from "./routes.ts";
