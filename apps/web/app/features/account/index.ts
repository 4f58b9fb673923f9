export { ME_QUERY_KEY, useMe } from "./api/get-me";
export { AccountGate, ADMIN_MODAL_DELAY_MS } from "./components/account-gate";
export { CreditBalance } from "./components/credit-balance";
export { type CurrentUser, CurrentUserProvider, useCurrentUser } from "./components/current-user";
export { TermsDialog } from "./components/terms-dialog";
export { UserMenu } from "./components/user-menu";
