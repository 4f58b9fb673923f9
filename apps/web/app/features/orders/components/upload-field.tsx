import { type UploadKind, uploadAccept } from "@sms/domain/contracts/files";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";
import { uploadWithProgress } from "../lib/authorized";

interface UploadFieldProps {
  /** What the file is for (POST /c/files?kind=): the server sniffs and caps it by the kind. */
  kind: UploadKind;
  label: string;
  hint: string;
  required?: boolean;
  /** The stored file's id once uploaded, or null while there is none. */
  onUploaded: (id: string | null) => void;
  /** Each upload as it starts; it settles when the file is stored or refused (the form waits for it). */
  onUploadStart?: (upload: Promise<void>) => void;
  /** A message for the field (already worded). */
  error?: string | undefined;
  /** Prefix of the input's and the error's test ids: `<testId>-input`, `<testId>-error`. */
  testId: string;
}

/**
 * A file of an order (spec §4 order: the proof of payment; a juristic buyer's 50 ทวิ certificate),
 * uploaded at once with POST /c/files so the server sniffs and caps it; the progress is announced,
 * and a refusal shows the server's words.
 */
export function UploadField({
  kind,
  label,
  hint,
  required = false,
  onUploaded,
  onUploadStart,
  error,
  testId,
}: UploadFieldProps) {
  const { t } = useTranslation("orders");
  const locale = useLocale();
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [name, setName] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const busy = progress !== null && progress < 1 && uploadError === null;

  const choose = async (file: File | undefined) => {
    onUploaded(null);
    setUploadError(null);
    if (!file) {
      setName(null);
      setProgress(null);
      return;
    }
    setName(file.name);
    setProgress(0);
    try {
      // All bytes sent is not stored yet: "attached" waits for the server's id, or the order
      // could be submitted without its file in between.
      const stored = await uploadWithProgress(kind, file, locale, (sent) =>
        setProgress(Math.min(sent, 0.99)),
      );
      onUploaded(stored.id);
      setProgress(1);
    } catch (e) {
      setProgress(null);
      setUploadError(isApiError(e) ? (e.details[0]?.message ?? e.message) : t("proof.failed"));
    }
  };

  const message = uploadError ?? error;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
        {required ? (
          <span aria-hidden="true" className="ms-0.5 text-red-600">
            *
          </span>
        ) : null}
      </label>
      <p id={`${id}-hint`} className="text-sm text-gray-600">
        {hint}
      </p>
      <input
        id={id}
        type="file"
        accept={uploadAccept(kind)}
        required={required}
        aria-invalid={message ? true : undefined}
        aria-describedby={`${id}-hint ${id}-status ${id}-error`}
        disabled={busy}
        onChange={(event) => {
          const upload = choose(event.target.files?.[0]);
          onUploadStart?.(upload);
        }}
        className="peer sr-only"
        data-testid={`${testId}-input`}
      />
      {/* The browser's own file button speaks the browser's language; this one speaks the page's. */}
      <label
        htmlFor={id}
        className="mt-1 flex cursor-pointer items-center gap-3 text-sm peer-focus-visible:outline-2 peer-focus-visible:outline-primary-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
      >
        <span className="shrink-0 rounded-md bg-primary-50 px-3 py-2 font-semibold text-primary-700">
          {t("proof.choose")}
        </span>
        <span className="min-w-0 break-all text-gray-700">{name || t("proof.none")}</span>
      </label>
      <div id={`${id}-status`} aria-live="polite" className="mt-1 text-sm text-gray-700">
        {progress !== null && uploadError === null ? (
          <>
            <progress max={1} value={progress} className="h-2 w-full" aria-label={t("proof.progress")} />
            <span>
              {progress < 1
                ? t("proof.uploading", { percent: Math.round(progress * 100) })
                : t("proof.uploaded", { name })}
            </span>
          </>
        ) : null}
      </div>
      <p
        id={`${id}-error`}
        className="mt-1 text-sm text-red-600 empty:hidden"
        data-testid={`${testId}-error`}
      >
        {message ? `* ${message}` : ""}
      </p>
    </div>
  );
}
