/**
 * The auth feature's only door: the sign-in, registration and forgotten-password flows for the routes,
 * and the one-time-code pieces the account feature reuses. Generic form parts live in ~/components/form.
 */
export { useForgotPassword } from "./api/forgot-password";
export { useConfigurations } from "./api/get-configurations";
export { requestVerify } from "./api/request-verify";
export { useResetPassword } from "./api/reset-password";
export { startRegistrationOver } from "./api/start-over";
export { useVerify } from "./api/verify";
export { useVerifyForgotPassword } from "./api/verify-forgot-password";
export { AuthHeading } from "./components/auth-heading";
export { LoginForm } from "./components/login-form";
export { OtpForm } from "./components/otp-form";
export { PageTitle } from "./components/page-title";
export { RegisterForm } from "./components/register-form";
export { RegisterSteps } from "./components/register-steps";
export { RegisterVerifyStep } from "./components/register-verify-step";
export { withConfirmation } from "./lib/confirmation-resolver";
export {
  type ForgotFlow,
  forgotFlow,
  type RegisterFlow,
  registerCredentials,
  registerFlow,
  registrationCompleted,
  type SentCode,
  sentCode,
} from "./lib/flow-state";
