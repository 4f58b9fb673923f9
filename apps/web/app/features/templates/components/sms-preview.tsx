import { formatNumber } from "@sms/domain/rules/format";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { SMS_PART_LIMITS } from "@sms/domain/rules/sms";
import type { TemplateContact } from "@sms/domain/rules/template-tags";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { countMessage, usePageSample } from "../lib/sms-count";

export interface SmsPreviewProps {
  /** The message as typed; it may hold the template tags ({first_name}, …). */
  message: string;
  /** Values the tags are filled with for the example; the page language's sample contact by default, null: sent as written. */
  sample?: TemplateContact | null;
  /** When given, the credits for that many recipients are shown instead of the credits per recipient. */
  recipients?: number;
  className?: string;
}

/**
 * What a message costs, live as it is typed (spec issue 11 §5): the example a contact receives (tags
 * filled with a sample contact in the page's language, D29), and its characters, bytes, parts and
 * credits from the domain's countSms: the same count as the field's SmsCounter (D30). One credit
 * figure: per recipient, or for the send's recipients when the sending screens pass `recipients`
 * (D31). Which character made a text unicode is said under the field (UnicodeHint), where it helps.
 */
export function SmsPreview({ message, sample, recipients, className = "" }: SmsPreviewProps) {
  const { t } = useTranslation("templates");
  const headingId = useId();
  const pageSample = usePageSample();
  const values = sample === undefined ? pageSample : sample;
  const { rendered, count, typed, hasTags } = countMessage(message, values);
  const limits = SMS_PART_LIMITS[count.encoding];
  const unicode = count.encoding === "unicode";
  const unicodeBySample = unicode && typed.encoding === "single-byte";

  const counters = [
    { key: "characters", label: t("preview.characters"), value: formatNumber(count.length) },
    { key: "parts", label: t("preview.parts"), value: formatNumber(count.parts) },
    recipients === undefined
      ? { key: "credits", label: t("preview.creditsPerRecipient"), value: formatNumber(count.parts) }
      : {
          key: "total",
          label: t("preview.totalCredits", { count: recipients, recipients: formatNumber(recipients) }),
          value: formatNumber(count.parts * recipients),
        },
    { key: "bytes", label: t("preview.bytes"), value: formatNumber(count.bytes) },
    { key: "remaining", label: t("preview.remaining"), value: formatNumber(count.remainingInPart) },
  ];

  return (
    <section
      aria-labelledby={headingId}
      className={`space-y-4 rounded-lg border border-gray-200 bg-white p-4 ${className}`}
      data-testid="sms-preview"
    >
      <h2 id={headingId} className="text-base font-semibold text-gray-900">
        {t("preview.title")}
      </h2>

      <div>
        <p className="text-xs font-medium text-gray-600">
          {hasTags ? t("preview.exampleWithValues") : t("preview.example")}
        </p>
        <div
          className="mt-1 min-h-16 rounded-2xl rounded-tl-sm bg-gray-100 p-3 text-sm break-words whitespace-pre-wrap text-gray-900"
          data-testid="sms-preview-text"
        >
          {rendered || <span className="text-gray-600">{t("preview.empty")}</span>}
        </div>
        {hasTags && values ? (
          <p className="mt-1 text-xs text-gray-600">
            {t("preview.sampleValues", {
              first: values.first_name,
              last: values.last_name,
              phone: toLocalPhone(values.phone_number),
            })}
          </p>
        ) : null}
      </div>

      <div aria-live="polite" className="space-y-3" data-testid="sms-preview-counters">
        <p
          className={`rounded-md px-3 py-2 text-sm font-medium ${unicode ? "bg-amber-50 text-amber-900" : "bg-primary-50 text-primary-900"}`}
          data-testid="sms-encoding"
          data-encoding={count.encoding}
        >
          {t(unicode ? "preview.encodingUnicode" : "preview.encodingStandard", {
            single: limits.single,
            multipart: limits.multipart,
          })}
        </p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          {counters.map((counter) => (
            <div key={counter.key} className="flex flex-col">
              <dt className="text-gray-600">{counter.label}</dt>
              <dd className="font-semibold text-gray-900 tabular-nums" data-testid={`sms-${counter.key}`}>
                {counter.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {unicodeBySample ? (
        <p className="text-xs text-amber-900" data-testid="sms-unicode-by-name">
          {t("preview.unicodeByName")}
        </p>
      ) : hasTags && !unicode ? (
        <p className="text-xs text-gray-600">{t("preview.thaiNameNote")}</p>
      ) : null}
      {hasTags ? <p className="text-xs text-gray-600">{t("preview.varies")}</p> : null}
    </section>
  );
}
