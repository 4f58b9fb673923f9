/** What other features may use from auth: the one-time-code pieces, the form fields and the flows' hooks. */
export { login } from "./api/login";
export { requestVerify, useRequestVerify } from "./api/request-verify";
export { useVerify } from "./api/verify";
export { FormAlert } from "./components/form-alert";
export { FormTextInput, type FormTextInputProps } from "./components/form-text-input";
export { NewPasswordFields } from "./components/new-password-fields";
export { OtpForm, type OtpFormProps } from "./components/otp-form";
export { PageTitle } from "./components/page-title";
export { useCountdown } from "./hooks/use-countdown";
export { useFieldError } from "./hooks/use-field-error";
export { useServerErrors } from "./hooks/use-server-errors";
export { withConfirmation } from "./lib/confirmation-resolver";
export { type SentCode, sentCode } from "./lib/flow-state";
