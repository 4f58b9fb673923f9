import { formatNumber } from "@sms/domain/rules/format";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { countSms, SMS_PART_LIMITS } from "@sms/domain/rules/sms";
import {
  findTemplateTags,
  renderTemplate,
  SAMPLE_TEMPLATE_CONTACT,
  type TemplateContact,
} from "@sms/domain/rules/template-tags";
import { useId } from "react";
import { useTranslation } from "react-i18next";

export interface SmsPreviewProps {
  /** The message as typed; it may hold the template tags ({first_name}, …). */
  message: string;
  /** Values the tags are filled with for the example; Latin sample values by default. */
  sample?: TemplateContact;
  /** When given, the credits for that many recipients are shown too (the sending screens). */
  recipients?: number;
  className?: string;
}

/** Characters shown on each side of the character that forced unicode. */
const SNIPPET_RADIUS = 20;

interface Forcing {
  char: string;
  /** 1-based, as people count; in the text the forcing character was found in. */
  position: number;
  /** "message": the text as typed; "sample": the example values filled into the tags. */
  source: "message" | "sample";
  before: string;
  after: string;
}

function codePointLabel(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

function forcingIn(text: string, index: number, source: Forcing["source"]): Forcing {
  // countSms: only single-byte characters come before the forcing one, so its index is the same
  // in code points and in UTF-16 units.
  const chars = Array.from(text);
  const char = chars[index] ?? "";
  const from = Math.max(0, index - SNIPPET_RADIUS);
  const to = Math.min(chars.length, index + 1 + SNIPPET_RADIUS);
  return {
    char,
    position: index + 1,
    source,
    before: `${from > 0 ? "…" : ""}${chars.slice(from, index).join("")}`,
    after: `${chars.slice(index + 1, to).join("")}${to < chars.length ? "…" : ""}`,
  };
}

/**
 * What a message costs, live as it is typed (spec issue 11 §5): characters, bytes, parts and
 * credits per recipient from the domain's countSms, the encoding and its per-part sizes, and when
 * the text is unicode, the character that forced the 70-character rate, shown where it is. Tags
 * are filled with example values first, so the counts are those of a message a contact receives.
 * Reused by the sending screens, which pass `recipients`.
 */
export function SmsPreview({
  message,
  sample = SAMPLE_TEMPLATE_CONTACT,
  recipients,
  className = "",
}: SmsPreviewProps) {
  const { t } = useTranslation("templates");
  const headingId = useId();
  const hasTags = findTemplateTags(message).some((tag) => tag.known);
  const rendered = renderTemplate(message, sample);
  const count = countSms(rendered);
  const typed = countSms(message);
  const limits = SMS_PART_LIMITS[count.encoding];
  const unicode = count.encoding === "unicode";

  let forcing: Forcing | null = null;
  if (typed.forcingIndex !== null) forcing = forcingIn(message, typed.forcingIndex, "message");
  else if (count.forcingIndex !== null) forcing = forcingIn(rendered, count.forcingIndex, "sample");

  const counters = [
    { key: "characters", label: t("preview.characters"), value: formatNumber(count.length) },
    { key: "bytes", label: t("preview.bytes"), value: formatNumber(count.bytes) },
    { key: "parts", label: t("preview.parts"), value: formatNumber(count.parts) },
    { key: "credits", label: t("preview.creditsPerRecipient"), value: formatNumber(count.parts) },
    { key: "remaining", label: t("preview.remaining"), value: formatNumber(count.remainingInPart) },
    ...(recipients === undefined
      ? []
      : [
          {
            key: "total",
            label: t("preview.totalCredits", { count: recipients, recipients: formatNumber(recipients) }),
            value: formatNumber(count.parts * recipients),
          },
        ]),
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
          {rendered || <span className="text-gray-500">{t("preview.empty")}</span>}
        </div>
        {hasTags ? (
          <p className="mt-1 text-xs text-gray-600">
            {t("preview.sampleValues", {
              first: sample.first_name,
              last: sample.last_name,
              phone: toLocalPhone(sample.phone_number),
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
        {forcing ? (
          <div className="space-y-1 text-sm text-amber-900" data-testid="sms-forcing">
            <p>
              {t(forcing.source === "message" ? "preview.forcedBy" : "preview.forcedBySample", {
                char: forcing.char,
                code: codePointLabel(forcing.char),
                position: formatNumber(forcing.position),
              })}
            </p>
            <p
              className="rounded-md bg-gray-50 p-2 font-mono text-xs break-all whitespace-pre-wrap text-gray-800"
              aria-hidden="true"
            >
              {forcing.before}
              <mark
                className="rounded-sm bg-amber-300 px-0.5 text-gray-900 outline outline-amber-600"
                data-testid="sms-forcing-char"
              >
                {forcing.char}
              </mark>
              {forcing.after}
            </p>
          </div>
        ) : null}
      </div>
      {hasTags && !unicode ? <p className="text-xs text-gray-600">{t("preview.thaiNameNote")}</p> : null}
      {hasTags ? <p className="text-xs text-gray-600">{t("preview.varies")}</p> : null}
    </section>
  );
}
