import type { TContactImport } from "@sms/domain/contracts/contact-imports";
import { uploadAccept } from "@sms/domain/contracts/files";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, FilePicker } from "~/components/form";
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
      <FilePicker
        label={t("panel.fileLabel")}
        hint={t("panel.fileHint")}
        accept={EXTENSIONS.join(",")}
        chooseLabel={t("panel.choose")}
        chosen={file?.name ?? t("panel.none")}
        error={error}
        disabled={busy}
        onChoose={choose}
        testIds={{ input: "import-file", error: "import-error" }}
      />
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
