/**
 * Generic form parts. The date and time pickers (react-aria's calendars, @internationalized/date)
 * are in `~/components/form/date`, so pages without a date field (the prerendered entry pages
 * above all) do not load them.
 */
export {
  BUTTON_COLORS,
  Button,
  type ButtonVariant,
  buttonClassName,
} from "./button";
export { Checkbox, ZChecked } from "./checkbox";
export { FilePicker } from "./file-picker";
export { FormAlert } from "./form-alert";
export { FormCheckbox } from "./form-checkbox";
export { FormNumberInput, FormTextInput } from "./form-text-input";
export { FormTextarea } from "./form-textarea";
export { InsertButtons } from "./insert-buttons";
export { NewPasswordFields } from "./new-password-fields";
export { TEL_MAX_LENGTH } from "./sanitize";
export { SelectField } from "./select-field";
export { spokenName } from "./spoken-name";
export { TextInput } from "./text-input";
export { Textarea } from "./textarea";
export { BANGKOK_TIME_ZONE } from "./time-zone";
export { useContractForm } from "./use-contract-form";
export { useMessageText } from "./use-field-error";
export { useServerErrors } from "./use-server-errors";
export { useWordedMessage } from "./use-worded-message";
export { needsVerifiedPhone, VerifyPhoneAlert } from "./verify-phone-alert";
