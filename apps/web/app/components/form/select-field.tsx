import type { ReactNode, Ref, SelectHTMLAttributes } from "react";
import {
  controlClass,
  describedBy,
  FieldDescription,
  FieldError,
  FieldLabel,
  useErrorText,
  useFieldIds,
} from "./field";

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange" | "required" | "children"> {
  ref?: Ref<HTMLSelectElement>;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** Shown first with an empty value (e.g. when there is nothing to choose yet). */
  placeholder?: string | undefined;
  isRequired?: boolean;
  error?: string | undefined;
  description?: ReactNode;
}

/** A native select with the kit's label, "* error" and help text (keyboard and screen readers for free). */
export function SelectField({
  ref,
  label,
  value,
  onChange,
  options,
  placeholder,
  isRequired,
  error,
  description,
  id,
  ...rest
}: SelectFieldProps) {
  const ids = useFieldIds(id);
  const errorText = useErrorText(error);
  return (
    <div>
      <FieldLabel htmlFor={ids.inputId} id={ids.labelId} isRequired={isRequired}>
        {label}
      </FieldLabel>
      <select
        {...rest}
        ref={ref}
        id={ids.inputId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-required={isRequired || undefined}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={describedBy(errorText && ids.errorId, description ? ids.descriptionId : undefined)}
        className={`${controlClass} py-[calc(--spacing(2)-1px)]`}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={ids.errorId}>{errorText}</FieldError>
      <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>
    </div>
  );
}
