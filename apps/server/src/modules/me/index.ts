export { getMe } from "./get-me.ts";
export { meRoutes } from "./routes.ts";
