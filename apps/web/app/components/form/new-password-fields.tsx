import type { Control, FieldValues } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormTextInput } from "./form-text-input";

interface NewPassword extends FieldValues {
  password: string;
  password_confirmation: string;
}

/**
 * The new password (with the rule as its hint) and its confirmation, as in registration, reset and
 * change password: both required, at most 20 characters, autocomplete "new-password".
 */
export function NewPasswordFields<T extends NewPassword, TTransformed = T>({
  control,
  label,
}: {
  control: Control<T, unknown, TTransformed>;
  /** The password field's label; the confirmation's is always fields.passwordConfirmation. */
  label: string;
}) {
  const { t } = useTranslation("auth");
  const pair = control as unknown as Control<NewPassword, unknown, NewPassword>;
  return (
    <>
      <FormTextInput
        control={pair}
        name="password"
        type="password"
        label={label}
        description={t("fields.passwordHint")}
        isRequired
        autoComplete="new-password"
        maxLength={20}
      />
      <FormTextInput
        control={pair}
        name="password_confirmation"
        type="password"
        label={t("fields.passwordConfirmation")}
        isRequired
        autoComplete="new-password"
        maxLength={20}
      />
    </>
  );
}
