import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { dataKey, namespaces } from "~/lib/i18n";

export interface FieldProps {
  label?: ReactNode;
  /** Shows the red asterisk and sets aria-required; checking the value is the form's job. */
  isRequired?: boolean;
  /** A message or an i18n key (e.g. a zod error such as "validation.phone_min_length"). */
  error?: string | undefined;
  description?: ReactNode;
}

export interface FieldIds {
  inputId: string;
  labelId: string;
  errorId: string;
  descriptionId: string;
}

export function useFieldIds(id?: string): FieldIds {
  const generated = useId();
  const inputId = id ?? `field-${generated}`;
  return {
    inputId,
    labelId: `${inputId}-label`,
    errorId: `${inputId}-error`,
    descriptionId: `${inputId}-description`,
  };
}

/**
 * An error is a catalogue key (a shared zod schema's message is one of the `domain` namespace) or a
 * text the server already worded: keys are translated here, so forms can pass either through as it is.
 */
export function useErrorText(error: string | undefined): string | undefined {
  const { t, i18n } = useTranslation(namespaces);
  if (!error) return undefined;
  return i18n.exists(error, { ns: namespaces }) ? t(dataKey(error), { ns: namespaces }) : error;
}

export function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}

export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ms-0.5 text-red-600">
      *
    </span>
  );
}

export function FieldLabel({
  htmlFor,
  id,
  isRequired,
  children,
}: {
  htmlFor: string;
  id: string;
  isRequired?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} id={id} className="mb-1 block text-sm font-medium text-gray-800">
      {children}
      {isRequired ? <RequiredMark /> : null}
    </label>
  );
}

/** "* message" below the field; the id is referenced by the input's aria-describedby. */
export function FieldError({ id, children }: { id: string; children: string | undefined }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-600" data-testid="field-error">
      * {children}
    </p>
  );
}

export function FieldDescription({ id, children }: { id: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-sm text-gray-500">
      {children}
    </p>
  );
}

/** Shared look of text-like controls; the red border follows aria-invalid. */
export const controlClass =
  "block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 shadow-xs placeholder:text-gray-400 " +
  "focus:border-primary-600 focus:outline-2 focus:outline-offset-0 focus:outline-primary-600/30 " +
  "disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-500 " +
  "aria-invalid:border-red-600 aria-invalid:focus:outline-red-600/30 sm:text-sm";
