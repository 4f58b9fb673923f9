import { type Control, Controller, type FieldPathByValue, type FieldValues } from "react-hook-form";
import { TextInput, type TextInputProps } from "./text-input";
import { useFieldError } from "./use-field-error";

/** TextInput's own props, less what the form's field supplies (value, onChange, onBlur, name, ref, error). */
export type FormTextInputProps<T extends FieldValues, TTransformed = T> = Omit<
  Exclude<TextInputProps, { type: "num" }>,
  "value" | "defaultValue" | "onChange" | "onBlur" | "name" | "ref" | "error"
> & {
  control: Control<T, unknown, TTransformed>;
  /** A string field of the form. */
  name: FieldPathByValue<T, string>;
};

/**
 * A TextInput bound to a react-hook-form field: the Controller's `field` drives it and the field's
 * zod message key is shown translated (useFieldError).
 */
export function FormTextInput<T extends FieldValues, TTransformed = T>({
  control,
  name,
  ...props
}: FormTextInputProps<T, TTransformed>) {
  const fieldError = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput {...field} {...props} error={fieldError(fieldState.error?.message)} />
      )}
    />
  );
}
