export { contentDisposition } from "./content-disposition.ts";
export { filesRoutes } from "./routes.ts";
