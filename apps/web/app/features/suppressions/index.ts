/** Issue 13 point 3: the organization's suppression list. The feature's only door. */
export { SUPPRESSIONS_KEY } from "./api/keys";
export { SuppressionsList } from "./components/suppressions-list";
