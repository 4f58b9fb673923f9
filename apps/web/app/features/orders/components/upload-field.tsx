import { type UploadKind, uploadAccept } from "@sms/domain/contracts/files";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FilePicker } from "~/components/form";
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
    <FilePicker
      label={label}
      hint={hint}
      required={required}
      accept={uploadAccept(kind)}
      chooseLabel={t("proof.choose")}
      chosen={name || t("proof.none")}
      error={message}
      disabled={busy}
      onChoose={(file) => {
        const upload = choose(file);
        onUploadStart?.(upload);
      }}
      testIds={{ input: `${testId}-input`, error: `${testId}-error` }}
      status={
        progress !== null && uploadError === null ? (
          <>
            <progress max={1} value={progress} className="h-2 w-full" aria-label={t("proof.progress")} />
            <span>
              {progress < 1
                ? t("proof.uploading", { percent: Math.round(progress * 100) })
                : t("proof.uploaded", { name })}
            </span>
          </>
        ) : null
      }
    />
  );
}
