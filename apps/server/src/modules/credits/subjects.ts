import { type Db, schema } from "@sms/db";
import { formatDate, type Locale, type TCreditSubject } from "@sms/domain";
import { and, eq, inArray, or } from "drizzle-orm";
import { type KeySuffix, translate } from "../../i18n/index.ts";
import { TenantScope } from "../../platform/tenant.ts";

/** What a ledger entry carries that names its subject. */
export interface CreditEntryRef {
  reason: string;
  reference: string;
}

const c = schema.campaigns;
const m = schema.messages;

/** The reason an OTP charge is recorded under since review D54; older ones read `ledger.api_send`. */
const OTP_REASON = "ledger.otp_send";
const API_REASON = "ledger.api_send";

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
            .select({ id: c.id, kind: c.kind, name: c.name, acceptedAt: c.acceptedAt })
            .from(c)
            .where(scope.where(c, inArray(c.id, ids)))
        ).map((row) => [row.id, row]),
  );
  const legacyOtp = await otpSendsAmong(
    scope,
    entries.flatMap(({ reason, reference }) => {
      const row = campaigns.get(Number(CAMPAIGN.exec(reference)?.[1]));
      return reason === API_REASON && row?.kind === "api" ? [row] : [];
    }),
  );
  const say = (key: KeySuffix<"ledger.subject.">, params: Record<string, string | number> = {}) =>
    translate(`ledger.subject.${key}`, locale, params);

  return entries.map(({ reason, reference }): TCreditSubject => {
    const campaign = CAMPAIGN.exec(reference);
    if (campaign) {
      const id = Number(campaign[1]);
      const row = campaigns.get(id);
      if (reason === OTP_REASON || legacyOtp.has(id)) return { kind: "otp", id, label: say("otp") };
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

/**
 * The reason to show for an entry: an OTP charge recorded before review D54 as an API send
 * (`ledger.api_send`) reads as the OTP it was. The ledger rows themselves are never rewritten.
 */
export function creditReasonKey(reason: string, subject: TCreditSubject): string {
  return subject.kind === "otp" && reason === API_REASON ? OTP_REASON : reason;
}

/**
 * Which of these API sends carried an OTP code: an OTP send is one message of type `otp`, so its
 * first message (seq 1, stored at the send's acceptance: one probe of the campaign/seq index in one
 * partition each) says so. Only the page's legacy `ledger.api_send` entries are asked about.
 */
async function otpSendsAmong(
  scope: TenantScope,
  sends: readonly { id: number; acceptedAt: Date }[],
): Promise<Set<number>> {
  if (sends.length === 0) return new Set();
  const unique = [...new Map(sends.map((s) => [s.id, s])).values()];
  const rows = await scope.db
    .select({ id: m.campaignId })
    .from(m)
    .where(
      scope.where(
        m,
        eq(m.type, "otp"),
        or(...unique.map((s) => and(eq(m.campaignId, s.id), eq(m.seq, 1), eq(m.createdAt, s.acceptedAt)))),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
