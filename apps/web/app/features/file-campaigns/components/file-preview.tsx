import type { TFileCampaignPreview } from "@sms/domain/contracts/campaigns";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/components/form";
import { SendPreview } from "~/features/messages";

export interface FilePreviewProps {
  preview: TFileCampaignPreview;
  values: {
    name?: string | undefined;
    sender?: string | undefined;
    purpose?: string | undefined;
    message?: string | undefined;
  };
}

/**
 * Step 3: what the server read from the file (its name, rows and phone column, and the rows whose
 * number is invalid) within the send's preview, shared with the campaign form.
 */
export function FilePreview({ preview, values }: FilePreviewProps) {
  const { t } = useTranslation("file-campaigns");
  const n = (value: number) => value.toLocaleString();
  return (
    <SendPreview
      preview={preview}
      values={{
        name: values.name?.trim() || preview.file_name,
        sender: values.sender ?? "",
        purpose: values.purpose ?? "general",
        message: values.message,
      }}
      sourceRows={[
        { key: "file", label: t("preview.file"), value: preview.file_name },
        { key: "rows", label: t("preview.rows"), value: n(preview.rows) },
        {
          key: "phone-column",
          label: t("preview.phoneColumn"),
          value: preview.phone_column ?? t("preview.byPosition"),
        },
      ]}
      notices={
        preview.invalid > 0 ? (
          <FormAlert tone="warning" testId="file-invalid-notice">
            {t("preview.invalidNotice", { count: preview.invalid, invalid: n(preview.invalid) })}
          </FormAlert>
        ) : null
      }
      testIds={{ summary: "file-summary-list", warning: "file-warning" }}
    />
  );
}
