import type { TFileCampaignPreview } from "@sms/domain/contracts/campaigns";
import { useTranslation } from "react-i18next";
import { FilePicker, InsertButtons } from "~/components/form";
import { EXTENSIONS } from "../lib/accepted-files";

export interface FileInputProps {
  file: File | null;
  /** The file's problem (not chosen, unsupported, or the server's), shown and announced under it. */
  error: string | null;
  disabled: boolean;
  onChoose: (file: File | undefined) => void;
}

/** Step 1's file field: the page's own "choose" button (in the page's language), the name chosen, its error. */
export function FileInput({ file, error, disabled, onChoose }: FileInputProps) {
  const { t } = useTranslation("file-campaigns");
  return (
    <FilePicker
      label={t("file.label")}
      hint={t("file.hint")}
      required
      accept={EXTENSIONS.join(",")}
      chooseLabel={t("file.choose")}
      chosen={file?.name ?? t("file.none")}
      error={error}
      announceError
      disabled={disabled}
      onChoose={onChoose}
      testIds={{ input: "file-input", chosen: "file-chosen", error: "file-error" }}
    />
  );
}

export interface FileSummaryProps {
  reading: TFileCampaignPreview;
  /** A kept draft was given back: say so, with the way to start over. */
  resumed: boolean;
  onStartOver: () => void;
  /** Back to step 1 for another file. */
  onAnother: () => void;
}

/** Step 2's summary of the file read: its name, rows and recipients, a kept draft, another file. */
export function FileSummary({ reading, resumed, onStartOver, onAnother }: FileSummaryProps) {
  const { t } = useTranslation("file-campaigns");
  return (
    <section
      aria-label={t("file.summary")}
      className="space-y-1 rounded-md border border-gray-200 p-3 text-sm"
      data-testid="file-summary"
    >
      {resumed ? (
        <p className="text-gray-700" data-testid="file-draft-kept">
          {t("draft.kept")}{" "}
          <button type="button" className="font-semibold text-primary-700 underline" onClick={onStartOver}>
            {t("draft.startOver")}
          </button>
        </p>
      ) : null}
      <p className="font-semibold break-all text-gray-900">{reading.file_name}</p>
      <p className="text-gray-700">
        {t("file.read", {
          rows: reading.rows.toLocaleString(),
          count: reading.rows,
          recipients: reading.recipients.toLocaleString(),
        })}
      </p>
      <button type="button" className="font-semibold text-primary-700 underline" onClick={onAnother}>
        {t("file.another")}
      </button>
    </section>
  );
}

/** The file's columns as tags, each inserted at the message's caret (the caret stays in the message). */
export function FileTags({ tags, onInsert }: { tags: readonly string[]; onInsert: (tag: string) => void }) {
  const { t } = useTranslation("file-campaigns");
  return (
    <InsertButtons
      legend={t("compose.tags")}
      hint={t("compose.tagsHint")}
      buttons={tags.map((tag) => ({
        value: tag,
        label: <code className="text-xs">{tag}</code>,
        testId: `file-tag-${tag.slice(1, -1)}`,
      }))}
      onInsert={onInsert}
      testId="file-tags"
    />
  );
}
