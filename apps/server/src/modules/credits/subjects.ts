import { type Db, schema } from "@sms/db";
import { formatDate, type Locale, type TCreditSubject } from "@sms/domain";
import { inArray } from "drizzle-orm";
import { translate } from "../../i18n/index.ts";
import { TenantScope } from "../../platform/tenant.ts";

/** What a ledger entry carries that names its subject. */
export interface CreditEntryRef {
  reason: string;
  reference: string;
}

const c = schema.campaigns;

const CAMPAIGN = /^campaign:([1-9][0-9]{0,15})$/;
const ORDER = /^order:([1-9][0-9]{0,9})$/;
const EXPIRY = /^expiry:(\d{4}-\d{2}-\d{2})$/;

/**
 * The entries' references in words, in the reader's language (review D54): a campaign by its name
 * (one query for the page's campaigns, within the organization), an order by its number, an OTP
 * charge as OTP rather than an API send. Raw keys ("campaign:6") are never shown.
 */
export async function creditSubjects(
  db: Db,
  organizationId: number,
  entries: readonly CreditEntryRef[],
  locale: Locale,
): Promise<TCreditSubject[]> {
  const ids = [
    ...new Set(entries.map((e) => CAMPAIGN.exec(e.reference)?.[1]).filter((id) => id !== undefined)),
  ].map(Number);
  const scope = new TenantScope(db, organizationId);
  const campaigns = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: c.id, kind: c.kind, name: c.name })
            .from(c)
            .where(scope.where(c, inArray(c.id, ids)))
        ).map((row) => [row.id, row]),
  );
  const say = (key: string, params: Record<string, string | number> = {}) =>
    translate(`ledger.subject.${key}`, locale, params);

  return entries.map(({ reason, reference }): TCreditSubject => {
    const campaign = CAMPAIGN.exec(reference);
    if (campaign) {
      const id = Number(campaign[1]);
      const row = campaigns.get(id);
      if (reason === "ledger.otp_send") return { kind: "otp", id, label: say("otp") };
      if (!row) return { kind: "campaign", id, label: say("campaign_unknown", { id }) };
      if (row.kind === "api") {
        const tagged = row.name !== "API";
        return { kind: "api", id, label: tagged ? say("api_tagged", { name: row.name }) : say("api") };
      }
      if (row.kind === "instant") return { kind: "campaign", id, label: say("instant", { name: row.name }) };
      return { kind: "campaign", id, label: say("campaign", { name: row.name }) };
    }
    const order = ORDER.exec(reference);
    if (order) {
      const id = Number(order[1]);
      return { kind: "order", id, label: say("order", { id }) };
    }
    if (reference.startsWith("adjustment:"))
      return { kind: "adjustment", id: null, label: say("adjustment") };
    const expiry = EXPIRY.exec(reference);
    if (expiry) {
      const day = new Date(`${expiry[1]}T00:00:00+07:00`);
      return { kind: "expiry", id: null, label: say("expiry", { date: formatDate(day, locale) }) };
    }
    return { kind: "other", id: null, label: reference };
  });
}
