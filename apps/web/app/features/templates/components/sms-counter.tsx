import { formatNumber } from "@sms/domain/rules/format";
import type { TemplateContact } from "@sms/domain/rules/template-tags";
import { useTranslation } from "react-i18next";
import { countMessage, usePageSample } from "../lib/sms-count";

/** Share of the typing limit after which the counter says how much is left. */
const NEAR_LIMIT = 0.9;

export interface SmsCounterProps {
  /** The message as counted (tags and tracked links as the preview takes them). */
  message: string;
  /** Characters typed in the field, and its limit: said once the limit is near. */
  typed: number;
  maxLength: number;
  /** Recipients of the send; without it, the credits are per recipient. */
  recipients?: number;
  /** The contact the tags are filled with; the page language's sample by default, null: sent as written. */
  sample?: TemplateContact | null;
  id?: string;
}

/**
 * The one-line count under a message field ("115 ตัวอักษร · 2 SMS · 30 เครดิต"), the same count as
 * the preview's (D30). Below the desktop's two columns, where the preview sits under the form, it
 * sticks to the bottom of the screen while typing (D56).
 */
export function SmsCounter({ message, typed, maxLength, recipients, sample, id }: SmsCounterProps) {
  const { t } = useTranslation("templates");
  const pageSample = usePageSample();
  const { count } = countMessage(message, sample === undefined ? pageSample : sample);
  const near = typed >= maxLength * NEAR_LIMIT;
  const credits = recipients === undefined ? count.parts : count.parts * recipients;
  return (
    <p
      id={id}
      aria-live="polite"
      className="sticky bottom-0 z-10 -mx-1 mt-1 rounded-md border border-gray-200 bg-white/95 px-2 py-1.5 text-sm text-gray-800 tabular-nums shadow-sm backdrop-blur lg:static lg:border-0 lg:bg-transparent lg:px-1 lg:py-0 lg:shadow-none"
      data-testid="sms-counter"
      data-parts={count.parts}
    >
      <span>{t("counter.characters", { count: count.length, formatted: formatNumber(count.length) })}</span>
      <span aria-hidden="true"> · </span>
      <span className="font-semibold">{t("counter.parts", { formatted: formatNumber(count.parts) })}</span>
      <span aria-hidden="true"> · </span>
      <span className="font-semibold">
        {recipients === undefined
          ? t("counter.creditsEach", { formatted: formatNumber(credits) })
          : t("counter.credits", { formatted: formatNumber(credits) })}
      </span>
      {near ? (
        <span
          className={typed >= maxLength ? "font-medium text-red-700" : "text-amber-800"}
          data-testid="sms-counter-left"
        >
          {t("counter.left", { formatted: formatNumber(Math.max(0, maxLength - typed)) })}
        </span>
      ) : null}
    </p>
  );
}
