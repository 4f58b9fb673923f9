import { useTranslation } from "react-i18next";

/** The upload's progress bar, then "reading the file" while the server counts it; announced politely. */
export function UploadProgress({ name, fraction }: { name: string; fraction: number }) {
  const { t } = useTranslation("file-campaigns");
  const percent = Math.round(fraction * 100);
  return (
    <div className="space-y-1" data-testid="file-upload-progress">
      <progress max={1} value={fraction} className="h-2 w-full" aria-label={t("progress.label")} />
      <p className="text-sm break-all text-gray-700" aria-live="polite">
        {percent < 100 ? t("progress.uploading", { name, percent }) : t("progress.reading", { name })}
      </p>
    </div>
  );
}
