/** The marketing feature's build-time door, for route loaders only (React Router keeps `.server` modules out of client bundles). */
export { buildTimeCatalogue } from "./catalogue.server";
