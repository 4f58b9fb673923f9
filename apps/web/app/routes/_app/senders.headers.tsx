/** /senders/headers shows the same list as /senders (spec §2). */
export { default } from "./senders";
