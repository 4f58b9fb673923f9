import { type ChangeEvent, type Ref, type TextareaHTMLAttributes, useState } from "react";
import {
  controlClass,
  describedBy,
  FieldDescription,
  FieldError,
  FieldLabel,
  type FieldProps,
  useErrorText,
  useFieldIds,
} from "./field";

/** Spec §9: textarea 255 characters, 4 rows. */
export const TEXTAREA_MAX_LENGTH = 255;
export const TEXTAREA_ROWS = 4;

export interface TextareaProps
  extends FieldProps,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "defaultValue" | "onChange" | "required"> {
  ref?: Ref<HTMLTextAreaElement>;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  /** Shows "n/max" under the field, red once the limit is reached. */
  showCounter?: boolean;
  className?: string;
}

export function Textarea({
  value,
  defaultValue,
  onChange,
  label,
  isRequired,
  error,
  description,
  showCounter = false,
  maxLength = TEXTAREA_MAX_LENGTH,
  rows = TEXTAREA_ROWS,
  className = "",
  id,
  ref,
  ...rest
}: TextareaProps) {
  const ids = useFieldIds(id);
  const errorText = useErrorText(error);
  const [own, setOwn] = useState(defaultValue ?? "");
  const text = value ?? own;
  const counterId = `${ids.inputId}-counter`;
  const atLimit = text.length >= maxLength;

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    // maxLength stops typing; slicing also covers text set by script or a paste in old browsers.
    const next = event.target.value.slice(0, maxLength);
    if (value === undefined) setOwn(next);
    onChange?.(next);
  };

  return (
    <div className={className}>
      {label ? (
        <FieldLabel htmlFor={ids.inputId} id={ids.labelId} isRequired={isRequired}>
          {label}
        </FieldLabel>
      ) : null}
      <textarea
        {...rest}
        ref={ref}
        id={ids.inputId}
        rows={rows}
        maxLength={maxLength}
        value={text}
        onChange={handleChange}
        aria-required={isRequired || undefined}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={describedBy(
          description ? ids.descriptionId : undefined,
          errorText && ids.errorId,
          showCounter && counterId,
          rest["aria-describedby"],
        )}
        className={`${controlClass} resize-y`}
      />
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>
          <FieldError id={ids.errorId}>{errorText}</FieldError>
        </div>
        {showCounter ? (
          <p
            id={counterId}
            data-testid="textarea-counter"
            data-at-limit={atLimit || undefined}
            className={`mt-1 shrink-0 text-sm tabular-nums ${atLimit ? "font-medium text-red-600" : "text-gray-500"}`}
          >
            {text.length}/{maxLength}
          </p>
        ) : null}
      </div>
    </div>
  );
}
