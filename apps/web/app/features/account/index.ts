/** The account feature's only door: what routes and other features may use. */
export { ME_QUERY_KEY } from "./api/get-me";
export { AccountGate } from "./components/account-gate";
export { ChangePasswordForm } from "./components/change-password-form";
export { ContactChange } from "./components/contact-change";
export { CreditBalance } from "./components/credit-balance";
export { CurrentUserProvider, useCurrentUser } from "./components/current-user";
export { ProfileForm } from "./components/profile-form";
export {
  SUSPENDED_NOTICE_ID,
  SuspendedNotice,
  useSuspension,
} from "./components/suspended-notice";
export { UserMenu } from "./components/user-menu";
export { VerificationPanel } from "./components/verification-panel";
