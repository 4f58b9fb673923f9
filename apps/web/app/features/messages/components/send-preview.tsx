import type { TCampaignPreview } from "@sms/domain/contracts/campaigns";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, FormAlert } from "~/components/form";
import { dataKey } from "~/lib/i18n";
import { useLocalizedPath } from "~/lib/locale";

export interface SendPreviewProps {
  preview: TCampaignPreview;
  values: { name: string; sender: string; purpose: string; message?: string | undefined };
  /** Rows about the send's source (a file's name, rows, phone column), after the purpose. */
  sourceRows?: readonly PreviewRow[];
  /** Alerts of the source (a file's invalid rows), after the server's warnings. */
  notices?: ReactNode;
  /** Test ids: the summary list and the prefix of each warning. */
  testIds?: { summary: string; warning: string };
  /** Gives the empty first names a fallback and checks again (D35); no button without it. */
  onAddFallback?: () => void;
}

export interface PreviewRow {
  key: string;
  label: string;
  value: string;
}

/**
 * What the server says a send would be (nothing is stored or charged yet): its warnings, too few
 * credits, no recipient, recipients left without a tag's value (D35), the summary (recipients,
 * dropped numbers, parts, encoding, credits, balance) and the message as its first recipient gets
 * it (D33). The campaign form's step 2 and the file form's step 3.
 */
export function SendPreview({
  preview,
  values,
  sourceRows = [],
  notices,
  testIds = { summary: "campaign-summary", warning: "campaign-warning" },
  onAddFallback,
}: SendPreviewProps) {
  const { t } = useTranslation("campaigns");
  const lp = useLocalizedPath();
  const n = (value: number) => value.toLocaleString();
  const parts =
    preview.parts !== null
      ? n(preview.parts)
      : t("preview.partsRange", { min: n(preview.min_parts), max: n(preview.max_parts) });
  const rows: PreviewRow[] = [
    { key: "name", label: t("preview.name"), value: values.name },
    { key: "sender", label: t("preview.sender"), value: values.sender },
    {
      key: "purpose",
      label: t("preview.purpose"),
      value: t(dataKey<"campaigns">(`purposes.${values.purpose}`)),
    },
    ...sourceRows,
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
    ...(values.purpose === "marketing"
      ? [
          {
            key: "optOut",
            label: t("preview.optOut"),
            value:
              preview.opt_out === null
                ? t("preview.optOutOff")
                : preview.opt_out.credits === null
                  ? t("preview.optOutCharacters", { count: preview.opt_out.characters })
                  : preview.opt_out.credits === 0
                    ? t("preview.optOutFree", { count: preview.opt_out.characters })
                    : t("preview.optOutCost", {
                        count: preview.opt_out.characters,
                        credits: n(preview.opt_out.credits),
                      }),
          },
        ]
      : []),
    { key: "credits", label: t("preview.credits"), value: n(preview.credits) },
    { key: "balance", label: t("preview.balance"), value: n(preview.balance) },
  ];
  return (
    <div className="space-y-4">
      {preview.warnings.map((warning) => (
        <FormAlert key={warning.code} tone="warning" testId={`${testIds.warning}-${warning.code}`}>
          {warning.message}
        </FormAlert>
      ))}
      {notices}
      {preview.enough_credits ? null : (
        <FormAlert testId="preview-insufficient-credits">
          <p>{t("preview.notEnough", { missing: n(preview.credits - preview.balance) })}</p>
          <Link to={lp("/subscriptions")} className="font-semibold underline">
            {t("buyCredits")}
          </Link>
        </FormAlert>
      )}
      {preview.missing_values > 0 ? (
        <FormAlert tone="warning" testId="preview-missing-values">
          <p>
            {t("preview.missingValues", {
              count: preview.missing_values,
              formatted: n(preview.missing_values),
            })}
          </p>
          {onAddFallback ? (
            <Button
              size="sm"
              variant="light-primary"
              className="mt-2"
              onClick={onAddFallback}
              data-testid="preview-add-fallback"
            >
              {t("preview.addFallback", { fallback: t("preview.fallbackWord") })}
            </Button>
          ) : null}
        </FormAlert>
      ) : null}
      {preview.recipients === 0 ? (
        <FormAlert tone="warning" testId="preview-no-recipients">
          {t("preview.noRecipients")}
        </FormAlert>
      ) : null}
      <dl
        className="grid grid-cols-1 divide-y divide-gray-100 rounded-md border border-gray-200 sm:grid-cols-2 sm:divide-y-0"
        data-testid={testIds.summary}
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
      {preview.sample ? (
        <div>
          <h3 className="text-sm font-medium text-gray-800">
            {t("preview.sampleFor", { recipient: preview.sample.recipient })}
          </h3>
          <p
            className="mt-1 rounded-2xl rounded-tl-sm bg-gray-100 p-3 text-sm break-words whitespace-pre-wrap text-gray-900"
            data-testid="preview-sample"
          >
            {preview.sample.message}
          </p>
        </div>
      ) : null}
      {preview.personalised || !preview.sample ? (
        <div>
          <h3 className="text-sm font-medium text-gray-800">{t("preview.message")}</h3>
          <p className="mt-1 rounded-md bg-gray-50 p-3 text-sm break-words whitespace-pre-wrap text-gray-900">
            {values.message ?? ""}
          </p>
        </div>
      ) : null}
    </div>
  );
}
