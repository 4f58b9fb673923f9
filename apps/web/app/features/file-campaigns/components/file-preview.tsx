import type { TFileCampaignPreview } from "@sms/domain/contracts/campaigns";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormAlert } from "~/components/form";
import { useLocalizedPath } from "~/lib/locale";

export interface FilePreviewProps {
  preview: TFileCampaignPreview;
  values: {
    name?: string | undefined;
    sender?: string | undefined;
    purpose?: string | undefined;
    message?: string | undefined;
  };
}

/** Step 3: what the server read from the file and what the send would be (nothing stored or charged yet). */
export function FilePreview({ preview, values }: FilePreviewProps) {
  const { t } = useTranslation("file-campaigns");
  const lp = useLocalizedPath();
  const n = (value: number) => value.toLocaleString();
  const parts =
    preview.parts !== null
      ? n(preview.parts)
      : t("preview.partsRange", { min: n(preview.min_parts), max: n(preview.max_parts) });
  const rows: { key: string; label: string; value: string }[] = [
    { key: "name", label: t("preview.name"), value: values.name?.trim() || preview.file_name },
    { key: "sender", label: t("preview.sender"), value: values.sender ?? "" },
    { key: "purpose", label: t("preview.purpose"), value: t(`purposes.${values.purpose ?? "general"}`) },
    { key: "file", label: t("preview.file"), value: preview.file_name },
    { key: "rows", label: t("preview.rows"), value: n(preview.rows) },
    {
      key: "phone-column",
      label: t("preview.phoneColumn"),
      value: preview.phone_column ?? t("preview.byPosition"),
    },
    { key: "recipients", label: t("preview.recipients"), value: n(preview.recipients) },
    { key: "invalid", label: t("preview.invalid"), value: n(preview.invalid) },
    { key: "duplicates", label: t("preview.duplicates"), value: n(preview.duplicates) },
    ...(values.purpose === "marketing"
      ? [{ key: "suppressed", label: t("preview.suppressed"), value: n(preview.suppressed) }]
      : []),
    { key: "parts", label: t("preview.parts"), value: parts },
    {
      key: "encoding",
      label: t("preview.encoding"),
      value: t(`preview.encodings.${preview.text.encoding}`, { perPart: preview.text.per_part }),
    },
    { key: "credits", label: t("preview.credits"), value: n(preview.credits) },
    { key: "balance", label: t("preview.balance"), value: n(preview.balance) },
  ];
  return (
    <div className="space-y-4">
      {preview.warnings.map((warning) => (
        <FormAlert key={warning.code} tone="warning" testId={`file-warning-${warning.code}`}>
          {warning.message}
        </FormAlert>
      ))}
      {preview.invalid > 0 ? (
        <FormAlert tone="warning" testId="file-invalid-notice">
          {t("preview.invalidNotice", { count: preview.invalid, invalid: n(preview.invalid) })}
        </FormAlert>
      ) : null}
      {preview.enough_credits ? null : (
        <FormAlert testId="preview-insufficient-credits">
          <p>{t("preview.notEnough", { missing: n(preview.credits - preview.balance) })}</p>
          <Link to={lp("/subscriptions")} className="font-semibold underline">
            {t("buyCredits")}
          </Link>
        </FormAlert>
      )}
      {preview.recipients === 0 ? (
        <FormAlert tone="warning" testId="preview-no-recipients">
          {t("preview.noRecipients")}
        </FormAlert>
      ) : null}
      <dl
        className="grid grid-cols-1 divide-y divide-gray-100 rounded-md border border-gray-200 sm:grid-cols-2 sm:divide-y-0"
        data-testid="file-summary-list"
      >
        {rows.map((row) => (
          <div key={row.key} className="flex justify-between gap-4 px-4 py-2 sm:border-b sm:border-gray-100">
            <dt className="text-sm text-gray-600">{row.label}</dt>
            <dd
              className="min-w-0 text-end text-sm font-semibold break-words text-gray-900"
              data-testid={`summary-${row.key}`}
            >
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {preview.personalised ? <p className="text-sm text-gray-600">{t("preview.personalised")}</p> : null}
      <div>
        <h3 className="text-sm font-medium text-gray-800">{t("preview.message")}</h3>
        <p className="mt-1 rounded-md bg-gray-50 p-3 text-sm break-words whitespace-pre-wrap text-gray-900">
          {values.message ?? ""}
        </p>
      </div>
    </div>
  );
}
