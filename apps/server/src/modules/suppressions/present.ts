import type { schema } from "@sms/db";
import { type Locale, type TSuppression, toLocalPhone } from "@sms/domain";
import { translate } from "../../i18n/index.ts";

type SuppressionRow = typeof schema.suppressions.$inferSelect;

/** The reason in the reader's language. */
export function reasonLabel(reason: SuppressionRow["reason"], locale: Locale): string {
  return translate(`suppressions.reason.${reason}`, locale);
}

/** A number of the list as the organization reads it: the stored 66 form shown as 0XXXXXXXXX. */
export function presentSuppression(row: SuppressionRow, locale: Locale): TSuppression {
  return {
    phone_number: toLocalPhone(row.msisdn),
    reason: row.reason,
    reason_label: reasonLabel(row.reason, locale),
    code: row.code,
    created_at: row.createdAt.toISOString(),
  };
}
