import { type ChangeEvent, type InputHTMLAttributes, type Ref, useState } from "react";
import { useTranslation } from "react-i18next";
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
import { EyeIcon, EyeOffIcon } from "./icons";
import { sanitizeFor, toInteger } from "./sanitize";

export type TextInputType = "url" | "text" | "password" | "email" | "search" | "tel" | "num";

type NativeProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "value" | "defaultValue" | "onChange" | "children" | "required"
>;

interface CommonProps extends FieldProps, NativeProps {
  ref?: Ref<HTMLInputElement>;
  /** Classes for the wrapper (label, input and messages). */
  className?: string;
}

export interface StringInputProps extends CommonProps {
  type?: Exclude<TextInputType, "num">;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
}

/** num fields filter like tel while typing and report whole numbers (null when empty). */
export interface NumberInputProps extends CommonProps {
  type: "num";
  value?: number | null;
  defaultValue?: number | null;
  onChange?: (value: number | null) => void;
}

export type TextInputProps = StringInputProps | NumberInputProps;

const NATIVE_TYPE: Record<TextInputType, string> = {
  url: "url",
  text: "text",
  password: "password",
  email: "email",
  search: "search",
  tel: "tel",
  num: "text",
};

const INPUT_MODE: Partial<Record<TextInputType, InputHTMLAttributes<HTMLInputElement>["inputMode"]>> = {
  url: "url",
  email: "email",
  search: "search",
  tel: "tel",
  num: "numeric",
};

const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

/**
 * One text control for the spec §5 types. Works controlled (`value`/`onChange(value)`, e.g. a
 * react-hook-form Controller's `field`) or uncontrolled; `ref` reaches the <input> so forms can focus it.
 */
export function TextInput(props: TextInputProps) {
  const {
    type = "text",
    value,
    defaultValue,
    onChange,
    label,
    isRequired,
    error,
    description,
    className = "",
    id,
    ref,
    maxLength,
    onBlur,
    ...rest
  } = props;
  const { t } = useTranslation("ui");
  const ids = useFieldIds(id);
  const errorText = useErrorText(error);
  const isNum = type === "num";
  const hintId = `${ids.inputId}-hint`;

  const initial = isNum
    ? numberText((value ?? defaultValue) as number | null | undefined)
    : String(value ?? defaultValue ?? "");
  const [text, setText] = useState(initial);
  const [reported, setReported] = useState<unknown>(value);
  const [revealed, setRevealed] = useState(false);
  // Spec §5 blocks Thai letters in e-mail fields; saying why beats a key that silently does nothing.
  const [blocked, setBlocked] = useState(false);

  // Follow a controlled value set from outside (reset, setValue) without fighting the typing:
  // a num field keeps "12." on screen while its value is already 12.
  if (value !== undefined && value !== reported) {
    setReported(value);
    const next = isNum ? numberText(value as number | null) : String(value);
    if (isNum ? toInteger(text) !== value : text !== next) setText(next);
  }

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const clean = sanitizeFor(type, raw);
    if (type === "email") setBlocked(clean !== raw);
    if (clean !== raw) {
      // Write the filtered text now and keep the caret where the person was typing; React then
      // finds the DOM already matching and leaves it alone.
      const caret = sanitizeFor(type, raw.slice(0, event.target.selectionStart ?? raw.length)).length;
      event.target.value = clean;
      if (event.target.type !== "email") event.target.setSelectionRange(caret, caret);
    }
    if (clean === text) return;
    setText(clean);
    if (isNum) {
      const next = toInteger(clean);
      setReported(next);
      (onChange as NumberInputProps["onChange"])?.(next);
    } else {
      setReported(clean);
      (onChange as StringInputProps["onChange"])?.(clean);
    }
  };

  const isPassword = type === "password";
  const nativeType = isPassword && revealed ? "text" : NATIVE_TYPE[type];
  const hasDescription = Boolean(description);

  return (
    <div className={className}>
      {label ? (
        <FieldLabel htmlFor={ids.inputId} id={ids.labelId} isRequired={isRequired}>
          {label}
        </FieldLabel>
      ) : null}
      <div className="relative">
        <input
          {...rest}
          ref={ref}
          id={ids.inputId}
          type={nativeType}
          inputMode={rest.inputMode ?? INPUT_MODE[type]}
          value={text}
          onChange={handleChange}
          onBlur={(event) => {
            // A num field shows what it reports once the person leaves it: "12.7" becomes "12".
            if (isNum) setText(numberText(toInteger(text)));
            onBlur?.(event);
          }}
          // tel is capped by its filter rather than maxLength, so a pasted "+66 81-234-5678" is
          // cleaned before it is cut, not cut first.
          maxLength={type === "tel" ? undefined : maxLength}
          aria-required={isRequired || undefined}
          aria-invalid={errorText ? true : undefined}
          aria-describedby={describedBy(
            hasDescription && ids.descriptionId,
            blocked && hintId,
            errorText && ids.errorId,
            rest["aria-describedby"],
          )}
          autoComplete={rest.autoComplete ?? (isPassword ? "current-password" : undefined)}
          spellCheck={type === "text" || type === "search" ? rest.spellCheck : false}
          className={`${controlClass} ${isPassword ? "pe-11" : ""}`}
        />
        {isPassword ? (
          <button
            type="button"
            onClick={() => setRevealed((shown) => !shown)}
            disabled={rest.disabled}
            aria-label={revealed ? t("form.hidePassword") : t("form.showPassword")}
            aria-controls={ids.inputId}
            className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-md text-gray-500 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-primary-600 disabled:opacity-50"
          >
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        ) : null}
      </div>
      <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>
      {type === "email" ? (
        <p
          id={hintId}
          aria-live="polite"
          className="mt-1 text-sm text-amber-800 empty:hidden"
          data-testid="email-hint"
        >
          {blocked ? t("form.emailEnglishOnly") : null}
        </p>
      ) : null}
      <FieldError id={ids.errorId}>{errorText}</FieldError>
    </div>
  );
}
