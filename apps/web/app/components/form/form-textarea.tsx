import type { Ref } from "react";
import { type Control, Controller, type FieldPathByValue, type FieldValues } from "react-hook-form";
import { Textarea, type TextareaProps } from "./textarea";
import { useMessageText } from "./use-field-error";

/** Textarea's own props, less what the form's field supplies (value, onChange, onBlur, name, error). */
export type FormTextareaProps<T extends FieldValues, TTransformed = T> = Omit<
  TextareaProps,
  "value" | "defaultValue" | "onChange" | "onBlur" | "name" | "error"
> & {
  control: Control<T, unknown, TTransformed>;
  /** A text field of the form; null or undefined shows as an empty box. */
  name: FieldPathByValue<T, string | null | undefined>;
  /**
   * The textarea element as well as the form's (a form that inserts tags at the caret); the form
   * keeps its own ref for focusing the field on a failed check.
   */
  ref?: Ref<HTMLTextAreaElement>;
};

function setRef(ref: Ref<HTMLTextAreaElement>, element: HTMLTextAreaElement | null) {
  if (typeof ref === "function") ref(element);
  else if (ref) ref.current = element;
}

/**
 * A Textarea bound to a react-hook-form field, as FormTextInput: the Controller's `field` drives it
 * and the field's zod message key is shown translated (useMessageText). Its counter, label,
 * description and aria wiring are the Textarea's.
 */
export function FormTextarea<T extends FieldValues, TTransformed = T>({
  control,
  name,
  ref,
  ...props
}: FormTextareaProps<T, TTransformed>) {
  const fieldError = useMessageText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Textarea
          {...field}
          {...props}
          ref={
            ref
              ? (element) => {
                  field.ref(element);
                  setRef(ref, element);
                }
              : field.ref
          }
          value={field.value ?? ""}
          error={fieldError(fieldState.error?.message)}
        />
      )}
    />
  );
}
