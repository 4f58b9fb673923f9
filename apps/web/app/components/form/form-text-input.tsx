import { type Control, Controller, type FieldPathByValue, type FieldValues } from "react-hook-form";
import { TextInput, type TextInputProps } from "./text-input";
import { useMessageText } from "./use-field-error";

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
 * zod message key is shown translated (useMessageText).
 */
export function FormTextInput<T extends FieldValues, TTransformed = T>({
  control,
  name,
  ...props
}: FormTextInputProps<T, TTransformed>) {
  const fieldError = useMessageText();
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

/** A num TextInput's own props, less what the form's field supplies. */
export type FormNumberInputProps<T extends FieldValues, TTransformed = T> = Omit<
  Extract<TextInputProps, { type: "num" }>,
  "type" | "value" | "defaultValue" | "onChange" | "onBlur" | "name" | "ref" | "error"
> & {
  control: Control<T, unknown, TTransformed>;
  /** A whole-number field of the form (null while empty). */
  name: FieldPathByValue<T, number | null>;
};

/** A whole-number TextInput (`type="num"`) bound to a react-hook-form field, as FormTextInput. */
export function FormNumberInput<T extends FieldValues, TTransformed = T>({
  control,
  name,
  ...props
}: FormNumberInputProps<T, TTransformed>) {
  const fieldError = useMessageText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          ref={field.ref}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          {...props}
          type="num"
          error={fieldError(fieldState.error?.message)}
        />
      )}
    />
  );
}
