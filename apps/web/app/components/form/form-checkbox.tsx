import { type Control, Controller, type FieldPathByValue, type FieldValues } from "react-hook-form";
import { Checkbox, type CheckboxProps } from "./checkbox";
import { useMessageText } from "./use-field-error";

export type FormCheckboxProps<T extends FieldValues, TTransformed = T> = Omit<
  CheckboxProps,
  "value" | "checked" | "defaultChecked" | "onChange" | "onBlur" | "name" | "ref" | "error"
> & {
  control: Control<T, unknown, TTransformed>;
  /** A boolean field of the form. */
  name: FieldPathByValue<T, boolean>;
};

/** A Checkbox bound to a react-hook-form boolean field (its zod message shown translated). */
export function FormCheckbox<T extends FieldValues, TTransformed = T>({
  control,
  name,
  children,
  ...props
}: FormCheckboxProps<T, TTransformed>) {
  const fieldError = useMessageText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Checkbox
          ref={field.ref}
          name={field.name}
          checked={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldError(fieldState.error?.message)}
          {...props}
        >
          {children}
        </Checkbox>
      )}
    />
  );
}
