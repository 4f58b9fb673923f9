import { type KeyboardEvent, type ReactNode, type Ref, useRef } from "react";
import { Button } from "react-aria-components/Button";
import { Dialog, DialogTrigger } from "react-aria-components/Dialog";
import { I18nProvider } from "react-aria-components/I18nProvider";
import { Popover } from "react-aria-components/Popover";
import { useTranslation } from "react-i18next";
import { ariaLocale } from "./date-utils";
import {
  controlClass,
  describedBy,
  FieldDescription,
  FieldError,
  FieldLabel,
  type FieldProps,
  useFieldIds,
} from "./field";
import { CalendarIcon } from "./icons";

/** What the date and date-range pickers share; `V` is the value ("YYYY-MM-DD[THH:mm]" or a range). */
export interface PickerFieldProps<V> extends FieldProps {
  value?: V | null;
  defaultValue?: V | null;
  onChange?: (value: V | null) => void;
  onBlur?: () => void;
  /** Adds a 24 h time: shown as "YYYY-MM-DD HH:mm". */
  withTime?: boolean;
  /** Earliest selectable day, "YYYY-MM-DD". The latest is always today in Bangkok. */
  minValue?: string;
  placeholder?: string;
  isDisabled?: boolean;
  disabled?: boolean;
  id?: string;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

export interface PickerShellProps extends FieldProps {
  id?: string | undefined;
  name?: string | undefined;
  ref?: Ref<HTMLInputElement> | undefined;
  className?: string | undefined;
  placeholder: string;
  /** The formatted value shown in the read-only text box. */
  display: string;
  errorText: string | undefined;
  isDisabled?: boolean | undefined;
  /** Same as isDisabled; react-hook-form's Controller passes `disabled`. */
  disabled?: boolean | undefined;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onBlur?: (() => void) | undefined;
  children: ReactNode;
}

const OPEN_KEYS = new Set(["Enter", " ", "ArrowDown"]);

/**
 * Read-only text box plus calendar popover shared by the date pickers (spec §5: chosen from the
 * calendar, never typed). The I18nProvider switches react-aria to the Buddhist calendar in Thai.
 */
export function PickerShell({
  id,
  name,
  ref,
  className = "",
  label,
  isRequired,
  description,
  placeholder,
  display,
  errorText,
  isDisabled: isDisabledProp,
  disabled,
  isOpen,
  onOpenChange,
  onBlur,
  children,
}: PickerShellProps) {
  const { t, i18n } = useTranslation("ui");
  const ids = useFieldIds(id);
  const groupRef = useRef<HTMLDivElement>(null);
  const isDisabled = isDisabledProp || disabled;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isDisabled || !OPEN_KEYS.has(event.key)) return;
    event.preventDefault();
    onOpenChange(true);
  };

  return (
    <I18nProvider locale={ariaLocale(i18n.language)}>
      <div className={className}>
        {label ? (
          <FieldLabel htmlFor={ids.inputId} id={ids.labelId} isRequired={isRequired}>
            {label}
          </FieldLabel>
        ) : null}
        <div ref={groupRef} className="relative">
          <input
            ref={ref}
            id={ids.inputId}
            name={name}
            type="text"
            readOnly
            value={display}
            placeholder={placeholder}
            disabled={isDisabled}
            onClick={() => !isDisabled && onOpenChange(true)}
            onKeyDown={onKeyDown}
            onBlur={onBlur}
            aria-haspopup="dialog"
            aria-required={isRequired || undefined}
            aria-invalid={errorText ? true : undefined}
            aria-describedby={describedBy(
              description ? ids.descriptionId : undefined,
              errorText && ids.errorId,
            )}
            className={`${controlClass} cursor-pointer pe-11 tabular-nums read-only:bg-white disabled:cursor-not-allowed disabled:bg-gray-100`}
          />
          <DialogTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
            <Button
              isDisabled={isDisabled}
              aria-label={t("date.choose")}
              className="absolute inset-y-0 end-0 flex w-10 cursor-pointer items-center justify-center rounded-e-md text-gray-500 outline-none hover:text-primary-700 data-disabled:cursor-not-allowed data-disabled:text-gray-300 data-focus-visible:outline-2 data-focus-visible:outline-primary-600"
            >
              <CalendarIcon />
            </Button>
            <Popover
              triggerRef={groupRef}
              placement="bottom start"
              offset={4}
              className="max-h-(--visual-viewport-height) overflow-auto rounded-lg border border-gray-200 bg-white p-3 shadow-lg outline-none"
            >
              <Dialog
                aria-labelledby={label ? ids.labelId : undefined}
                aria-label={label ? undefined : t("date.choose")}
                className="outline-none"
              >
                {children}
              </Dialog>
            </Popover>
          </DialogTrigger>
        </div>
        <FieldDescription id={ids.descriptionId}>{description}</FieldDescription>
        <FieldError id={ids.errorId}>{errorText}</FieldError>
      </div>
    </I18nProvider>
  );
}

export function PickerFooter({
  onClear,
  onDone,
  canClear,
}: {
  onClear: () => void;
  onDone: () => void;
  canClear: boolean;
}) {
  const { t } = useTranslation("ui");
  const base =
    "min-h-8 rounded-md px-3 text-sm font-medium outline-none data-focus-visible:outline-2 data-focus-visible:outline-primary-600";
  return (
    <div className="mt-3 flex justify-end gap-2 border-t border-gray-100 pt-3">
      <Button
        onPress={onClear}
        isDisabled={!canClear}
        className={`${base} text-gray-600 hover:bg-gray-100 data-disabled:text-gray-300 data-disabled:hover:bg-transparent`}
      >
        {t("date.clear")}
      </Button>
      <Button onPress={onDone} className={`${base} bg-primary-700 text-white hover:bg-primary-800`}>
        {t("date.done")}
      </Button>
    </div>
  );
}
