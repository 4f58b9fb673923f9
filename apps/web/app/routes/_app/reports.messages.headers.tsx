/** /reports/messages/headers shows the same report as /reports/messages, with its header model, sort and filters (spec §2). */
export { default } from "./reports.messages";
