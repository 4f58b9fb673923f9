import { schema } from "@sms/db";
import { type Locale, parseSuppressionNumbers, type TAddSuppressionsResult } from "@sms/domain";
import { translate } from "../../i18n/index.ts";
import type { TenantScope } from "../../platform/tenant.ts";

/**
 * Adds typed numbers to the organization's list with the reason `manual`, in one statement. A number
 * already there keeps its row (a STOP reply stays a STOP reply) and is counted; entries that are not
 * numbers are answered back with the recipient message. The contract has refused an empty text, more
 * than 1,000 entries and a text without one valid number.
 */
export async function addSuppressions(
  scope: TenantScope,
  text: string,
  locale: Locale,
): Promise<TAddSuppressionsResult> {
  const { valid, invalid } = parseSuppressionNumbers(text);
  const s = schema.suppressions;
  const inserted =
    valid.length === 0
      ? []
      : await scope.db
          .insert(s)
          .values(valid.map((msisdn) => scope.stamp({ msisdn, reason: "manual" as const, code: null })))
          .onConflictDoNothing()
          .returning({ msisdn: s.msisdn });
  const message = translate("validation.recipient_invalid", locale);
  return {
    added: inserted.length,
    already_suppressed: valid.length - inserted.length,
    invalid: invalid.map((number) => ({ number, message })),
  };
}
