import { type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref, useState } from "react";
import { z } from "zod";
import { describedBy, FieldDescription, FieldError, RequiredMark, useErrorText, useFieldIds } from "./field";

/** i18n key (namespace "ui") shown when a required box is left unticked. */
export const CHECKBOX_REQUIRED_KEY = "form.mustBeChecked";

/** Spec §5: a required checkbox's value must be truthy. Usable as react-hook-form `rules.validate`. */
export function isChecked(value: unknown): boolean {
  return Boolean(value);
}

/** The same rule for zod schemas: `z.object({ accept: ZChecked })`. */
export const ZChecked = z
  .boolean({ error: CHECKBOX_REQUIRED_KEY })
  .refine(isChecked, { error: CHECKBOX_REQUIRED_KEY });

export interface CheckboxProps
  extends Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "type" | "checked" | "defaultChecked" | "onChange" | "children" | "required" | "value"
  > {
  ref?: Ref<HTMLInputElement>;
  children?: ReactNode;
  /** react-hook-form Controller passes the field value here; a truthy value ticks the box. */
  value?: unknown;
  checked?: boolean;
  defaultChecked?: boolean;
  onChange?: (checked: boolean) => void;
  isRequired?: boolean;
  error?: string | undefined;
  description?: ReactNode;
  className?: string;
}

export function Checkbox({
  children,
  value,
  checked,
  defaultChecked = false,
  onChange,
  isRequired,
  error,
  description,
  className = "",
  id,
  ref,
  ...rest
}: CheckboxProps) {
  const ids = useFieldIds(id);
  const errorText = useErrorText(error);
  const [own, setOwn] = useState(defaultChecked);
  const controlled = checked ?? (value === undefined ? undefined : Boolean(value));
  const isOn = controlled ?? own;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (controlled === undefined) setOwn(event.target.checked);
    onChange?.(event.target.checked);
  };

  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input
          {...rest}
          ref={ref}
          id={ids.inputId}
          type="checkbox"
          checked={isOn}
          onChange={handleChange}
          aria-required={isRequired || undefined}
          aria-invalid={errorText ? true : undefined}
          aria-describedby={describedBy(
            description ? ids.descriptionId : undefined,
            errorText && ids.errorId,
            rest["aria-describedby"],
          )}
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded border-gray-300 accent-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:outline-2 aria-invalid:outline-red-600"
        />
        <label htmlFor={ids.inputId} id={ids.labelId} className="text-sm text-gray-800">
          {children}
          {isRequired ? <RequiredMark /> : null}
        </label>
      </div>
      <div className="ps-7">
        <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>
        <FieldError id={ids.errorId}>{errorText}</FieldError>
      </div>
    </div>
  );
}
