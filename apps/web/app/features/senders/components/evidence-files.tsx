import type { TSenderEvidenceFile } from "@sms/domain/contracts/senders";
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
  files: readonly TSenderEvidenceFile[];
  /** A website link given as evidence, beside or instead of documents. */
  url?: string | null;
}

/**
 * A request's evidence (review D20): each document with what it is, to open (an image in a dialog,
 * a PDF in a tab) or download, and the website link.
 */
export function EvidenceFiles({ files, url }: EvidenceFilesProps) {
  const { t } = useTranslation("senders");
  const locale = useLocale();
  const [busy, setBusy] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ name: string; src: string } | null>(null);

  const link = url ? (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="break-all text-primary-700 underline"
      data-testid="evidence-url"
    >
      {url}
    </a>
  ) : null;
  if (files.length === 0) return link ?? <p className="text-sm text-gray-600">{t("detail.noEvidence")}</p>;

  const run = async (file: TSenderEvidenceFile, action: "open" | "download") => {
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
          <li
            key={file.id}
            className="flex flex-wrap items-center gap-2 text-sm"
            data-testid="evidence-document"
          >
            <span className="w-full font-semibold text-gray-900" data-testid="evidence-kind">
              {file.evidence_kind ? t(`evidence.${file.evidence_kind}`) : t("detail.kindUnknown")}
            </span>
            <span className="break-all text-gray-800">{file.original_name}</span>
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
      {link ? <p className="mt-2 text-sm">{link}</p> : null}
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
