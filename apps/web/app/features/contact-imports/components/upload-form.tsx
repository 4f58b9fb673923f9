import type { TContactImport } from "@sms/domain/contracts/contact-imports";
import { uploadAccept } from "@sms/domain/contracts/files";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";
import { templateUrl, uploadImport } from "../lib/upload-import";

const EXTENSIONS = uploadAccept("contact_import").split(",");

interface UploadFormProps {
  groupId: number;
  onUploaded: (started: TContactImport) => void;
}

/**
 * The file and its upload: the extension is checked here with the spec's messages (the server
 * sniffs the content again), then the upload's progress is shown and announced.
 */
export function UploadForm({ groupId, onUploaded }: UploadFormProps) {
  const { t } = useTranslation("contact-imports");
  const locale = useLocale();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null;

  const choose = (chosen: File | undefined) => {
    setError(null);
    setFile(chosen ?? null);
    if (chosen && !EXTENSIONS.some((ext) => chosen.name.toLowerCase().endsWith(ext))) {
      setError(t("errors.unsupported"));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError(t("errors.required"));
    if (!EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext)))
      return setError(t("errors.unsupported"));
    setError(null);
    setProgress(0);
    try {
      onUploaded(await uploadImport(groupId, file, locale, setProgress));
    } catch (e) {
      setError(isApiError(e) ? (e.details[0]?.message ?? e.message) : t("errors.failed"));
    } finally {
      setProgress(null);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-gray-800">
          {t("panel.fileLabel")}
        </label>
        <p id={`${id}-hint`} className="text-sm text-gray-600">
          {t("panel.fileHint")}
        </p>
        <input
          id={id}
          type="file"
          accept={EXTENSIONS.join(",")}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint ${id}-error`}
          disabled={busy}
          onChange={(event) => choose(event.target.files?.[0])}
          className="peer sr-only"
          data-testid="import-file"
        />
        {/* The browser's own file button speaks the browser's language; this one speaks the page's. */}
        <label
          htmlFor={id}
          className="mt-1 flex min-w-0 cursor-pointer flex-wrap items-center gap-3 text-sm peer-focus-visible:outline-2 peer-focus-visible:outline-primary-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
        >
          <span className="rounded-md bg-primary-50 px-3 py-2 font-semibold text-primary-700">
            {t("panel.choose")}
          </span>
          <span className="min-w-0 break-all text-gray-700">{file?.name ?? t("panel.none")}</span>
        </label>
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600 empty:hidden" data-testid="import-error">
          {error ? `* ${error}` : ""}
        </p>
      </div>
      {progress !== null ? (
        <div className="space-y-1">
          <progress max={1} value={progress} className="h-2 w-full" aria-label={t("progress.uploadLabel")} />
          <p className="text-sm text-gray-700">
            {t("progress.uploading", { name: file?.name ?? "", percent: Math.round(progress * 100) })}
          </p>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="submit" isLoading={busy}>
          {t("panel.upload")}
        </Button>
        <p className="text-sm text-gray-700">
          {t("panel.template")}{" "}
          <a href={templateUrl("csv")} download className="text-primary-700 underline hover:text-primary-800">
            {t("panel.templateCsv")}
          </a>
          {" · "}
          <a
            href={templateUrl("xlsx")}
            download
            className="text-primary-700 underline hover:text-primary-800"
          >
            {t("panel.templateXlsx")}
          </a>
        </p>
      </div>
    </form>
  );
}
