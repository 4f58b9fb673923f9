import type { TStoredFile } from "@sms/domain/contracts/files";
import { formatFileSize } from "@sms/domain/rules/format";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ImageDialog } from "~/components/dialog";
import { Button } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { dataUrlOf, fetchBlob, openBlob, saveBlob } from "~/lib/authorized-files";
import { useLocale } from "~/lib/locale";

interface EvidenceFilesProps {
  files: readonly TStoredFile[];
  /** A website link given as evidence instead of files. */
  url?: string | null;
}

/** A request's evidence: the website link, or each file to open (an image in a dialog, a PDF in a tab) or download. */
export function EvidenceFiles({ files, url }: EvidenceFilesProps) {
  const { t } = useTranslation("senders");
  const locale = useLocale();
  const [busy, setBusy] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ name: string; src: string } | null>(null);

  if (url) {
    return (
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="break-all text-primary-700 underline"
        data-testid="evidence-url"
      >
        {url}
      </a>
    );
  }
  if (files.length === 0) return <p className="text-sm text-gray-600">{t("detail.noEvidence")}</p>;

  const run = async (file: TStoredFile, action: "open" | "download") => {
    setBusy(`${action}:${file.id}`);
    try {
      const blob = await fetchBlob(`/c/files/${encodeURIComponent(file.id)}`, locale);
      if (action === "download") saveBlob(blob, file.original_name);
      else if (blob.type.startsWith("image/"))
        setPreview({ name: file.original_name, src: await dataUrlOf(blob) });
      else openBlob(blob);
    } catch (e) {
      toast.error(isApiError(e) ? e.message : t("files.openFailed"));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <ul className="space-y-2" data-testid="evidence-files">
        {files.map((file) => (
          <li key={file.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium break-all text-gray-900">{file.original_name}</span>
            <span className="text-gray-500">{formatFileSize(file.size, locale)}</span>
            <Button
              size="sm"
              variant="light-primary"
              onClick={() => void run(file, "open")}
              isLoading={busy === `open:${file.id}`}
              data-testid={`open-${file.id}`}
            >
              {t("files.open")}
              <span className="sr-only"> {file.original_name}</span>
            </Button>
            <Button
              size="sm"
              variant="light-gray"
              onClick={() => void run(file, "download")}
              isLoading={busy === `download:${file.id}`}
              data-testid={`download-${file.id}`}
            >
              {t("files.download")}
              <span className="sr-only"> {file.original_name}</span>
            </Button>
          </li>
        ))}
      </ul>
      {preview ? (
        <ImageDialog
          title={preview.name}
          src={preview.src}
          alt={t("files.preview", { name: preview.name })}
          closeLabel={t("files.close")}
          onClose={() => setPreview(null)}
        />
      ) : null}
    </>
  );
}
