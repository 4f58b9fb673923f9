/** Issue 13 point 3: the organization's suppression list. The feature's only door. */
export { SuppressionsList } from "./components/suppressions-list";
