import { type ReactNode, useId } from "react";
import { RequiredMark } from "./field";

export interface FilePickerProps {
  label: string;
  hint: ReactNode;
  /** Marks the field required (the asterisk and the input's `required`). */
  required?: boolean;
  /** The file types offered by the browser's dialog (`accept`). */
  accept: string;
  /** The page's own "choose" button. */
  chooseLabel: string;
  /** The chosen file's name, or what is shown while there is none. */
  chosen: string;
  /** The field's problem (already worded), shown as "* …" under it. */
  error: string | null | undefined;
  /** Announce the error as it appears (role="alert"), for a field checked as soon as a file is chosen. */
  announceError?: boolean;
  disabled: boolean;
  onChoose: (file: File | undefined) => void;
  testIds: { input: string; error: string; chosen?: string };
  /** Shown between the button and the error (an upload's progress), described by the input too. */
  status?: ReactNode;
}

/**
 * A file field whose "choose" button speaks the page's language (the browser's own speaks the
 * browser's): the label and hint, the input hidden but focusable (its focus ring is drawn on the
 * button), the name chosen, and the error, each tied to the input by aria-describedby.
 */
export function FilePicker({
  label,
  hint,
  required = false,
  accept,
  chooseLabel,
  chosen,
  error,
  announceError = false,
  disabled,
  onChoose,
  testIds,
  status,
}: FilePickerProps) {
  const id = useId();
  const statusId = status === undefined ? undefined : `${id}-status`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <p id={`${id}-hint`} className="text-sm text-gray-600">
        {hint}
      </p>
      <input
        id={id}
        type="file"
        accept={accept}
        required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, statusId, `${id}-error`].filter(Boolean).join(" ")}
        disabled={disabled}
        onChange={(event) => onChoose(event.target.files?.[0])}
        className="peer sr-only"
        data-testid={testIds.input}
      />
      <label
        htmlFor={id}
        className="mt-1 flex min-w-0 cursor-pointer flex-wrap items-center gap-3 text-sm peer-focus-visible:outline-2 peer-focus-visible:outline-primary-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
      >
        <span className="shrink-0 rounded-md bg-primary-50 px-3 py-2 font-semibold text-primary-700">
          {chooseLabel}
        </span>
        <span className="min-w-0 break-all text-gray-700" data-testid={testIds.chosen}>
          {chosen}
        </span>
      </label>
      {status === undefined ? null : (
        <div id={statusId} aria-live="polite" className="mt-1 text-sm text-gray-700">
          {status}
        </div>
      )}
      <p
        id={`${id}-error`}
        role={announceError && error ? "alert" : undefined}
        className="mt-1 text-sm text-red-600 empty:hidden"
        data-testid={testIds.error}
      >
        {error ? `* ${error}` : ""}
      </p>
    </div>
  );
}
