import { type Db, schema, type Tx } from "@sms/db";
import type { AlertChannel, Locale } from "@sms/domain";
import { and, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";

const s = schema.alertSettings;
const o = schema.organizations;

/** One alert a run claimed: the crossing is marked, and the alert is to be sent once. */
export interface ClaimedAlert {
  organizationId: number;
  kind: "low_credit" | "expiry";
  channel: AlertChannel;
  locale: Locale;
  /**
   * What identifies the crossing, as stored in the settings row: the moment the low balance was
   * claimed, or the credit expiry warned about. The send job checks it is still the current one.
   */
  crossing: Date;
}

export interface AlertCheckResult {
  alerts: ClaimedAlert[];
  /** Low-credit alerts armed again because the balance is back at or above the threshold. */
  rearmed: number;
}

const asChannel = (value: string): AlertChannel => (value === "sms" || value === "both" ? value : "email");
const asLocale = (value: string): Locale => (value === "en" ? "en" : "th");

/**
 * Once per crossing, as set-based conditional UPDATEs (docs/decisions/0026-settings-alerts.md):
 * - low credit: a balance at or above the threshold arms the alert again (`low_credit_alerted_at`
 *   back to null); a balance below it with the alert armed is claimed (`low_credit_alerted_at = now`);
 * - expiry: a balance with an expiry within the next `expiry_days` days that is not the expiry already
 *   warned about is claimed (`expiry_alerted_for` = that expiry), so a purchase that moves the expiry
 *   re-arms it by itself.
 * A row is claimed only while its marker says "not sent", and a concurrent run re-reads the row after
 * the first commits (READ COMMITTED), so two runs, or a retried one, claim each crossing once.
 * `onClaimed` runs in the same transaction, so the sends are enqueued exactly when the marks commit.
 */
export async function checkAlerts(
  db: Db,
  now: Date,
  onClaimed?: (tx: Tx, alerts: ClaimedAlert[]) => Promise<void>,
): Promise<AlertCheckResult> {
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const rearmed = await tx
      .update(s)
      .set({ lowCreditAlertedAt: null })
      .from(o)
      .where(
        and(
          eq(o.id, s.organizationId),
          isNotNull(s.lowCreditAlertedAt),
          sql`${o.credits} >= ${s.lowCreditThreshold}`,
        ),
      )
      .returning({ organizationId: s.organizationId });

    const low = await tx
      .update(s)
      .set({ lowCreditAlertedAt: now })
      .from(o)
      .where(
        and(
          eq(o.id, s.organizationId),
          eq(s.lowCreditEnabled, true),
          isNull(s.lowCreditAlertedAt),
          sql`${o.credits} < ${s.lowCreditThreshold}`,
        ),
      )
      .returning({
        organizationId: s.organizationId,
        channel: s.lowCreditChannel,
        locale: s.locale,
      });

    const expiring = await tx
      .update(s)
      .set({ expiryAlertedFor: sql`${o.creditExpiredOn}` })
      .from(o)
      .where(
        and(
          eq(o.id, s.organizationId),
          eq(s.expiryEnabled, true),
          gt(o.credits, 0),
          isNotNull(o.creditExpiredOn),
          sql`${o.creditExpiredOn} > ${at}::timestamptz`,
          lte(o.creditExpiredOn, sql`${at}::timestamptz + make_interval(days => ${s.expiryDays})`),
          sql`${s.expiryAlertedFor} is distinct from ${o.creditExpiredOn}`,
        ),
      )
      .returning({
        organizationId: s.organizationId,
        channel: s.expiryChannel,
        locale: s.locale,
        expiry: o.creditExpiredOn,
      });

    const alerts: ClaimedAlert[] = [
      ...low.map((row) => ({
        organizationId: row.organizationId,
        kind: "low_credit" as const,
        channel: asChannel(row.channel),
        locale: asLocale(row.locale),
        crossing: now,
      })),
      ...expiring.flatMap((row) =>
        row.expiry
          ? [
              {
                organizationId: row.organizationId,
                kind: "expiry" as const,
                channel: asChannel(row.channel),
                locale: asLocale(row.locale),
                crossing: row.expiry,
              },
            ]
          : [],
      ),
    ];
    if (alerts.length > 0) await onClaimed?.(tx, alerts);
    return { alerts, rearmed: rearmed.length };
  });
}
