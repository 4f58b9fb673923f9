/** /contacts/headers shows the same list as /contacts (spec §2). */
export { default } from "./contacts";
