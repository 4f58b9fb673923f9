/** /templates/headers shows the same list as /templates (spec §2). */
export { default } from "./templates";
