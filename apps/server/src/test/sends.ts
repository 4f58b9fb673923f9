import { schema } from "@sms/db";
import { and, count, eq } from "drizzle-orm";
import { credit } from "../modules/credits/index.ts";
import { jobsIn } from "./jobs.ts";
import { createTenant, OWN_SENDER, ownSender, type TestTenant } from "./tenants.ts";
import type { TestContext } from "./test-app.ts";

/** Test fixtures for sends (instant messages, campaigns, file campaigns) and what they leave behind. */

export const DISPATCH_QUEUE = "engine.dispatch-chunk";

export interface Contact {
  phone: string;
  first?: string;
  last?: string;
}

export type SendTenant = TestTenant & { sender: string };

export type ErrorBody = { code: string; message: string; details?: { path: string; message: string }[] };

export const errorOf = (res: { json: () => unknown }) => (res.json() as { error: ErrorBody }).error;

let sequence = 0;

export function sendFixtures(t: TestContext) {
  async function fund(tenant: TestTenant, credits: number): Promise<void> {
    sequence += 1;
    await t.db.transaction((tx) =>
      credit(tx, "earned", {
        organizationId: tenant.organizationId,
        credits,
        reason: "ledger.free_trial",
        reference: `test:${sequence}`,
      }),
    );
  }

  async function approvedSender(
    tenant: TestTenant,
    name: string,
    type: "marketing" | "otp",
  ): Promise<string> {
    return ownSender(t, tenant, { name, type });
  }

  /**
   * A fresh organization with `credits` and its own approved marketing sender (named OWN_SENDER:
   * free text never goes under the shared default, ADR 32), so every count starts at zero.
   */
  async function freshTenant(credits = 10_000): Promise<SendTenant> {
    sequence += 1;
    const tenant = await createTenant(t, { name: `Fresh ${sequence}` });
    if (credits > 0) await fund(tenant, credits);
    const sender = await approvedSender(tenant, OWN_SENDER, "marketing");
    return { ...tenant, sender };
  }

  async function group(tenant: TestTenant, contacts: Contact[]): Promise<number> {
    sequence += 1;
    const [row] = await t.db
      .insert(schema.contactGroups)
      .values({ organizationId: tenant.organizationId, name: `Group ${sequence}` })
      .returning({ id: schema.contactGroups.id });
    if (!row) throw new Error("no group");
    if (contacts.length > 0) {
      await t.db.insert(schema.contacts).values(
        contacts.map((c) => ({
          organizationId: tenant.organizationId,
          groupId: row.id,
          phoneNumber: c.phone,
          firstName: c.first ?? "",
          lastName: c.last ?? "",
        })),
      );
    }
    return row.id;
  }

  async function template(tenant: TestTenant, message: string, enabled = true): Promise<number> {
    const [row] = await t.db
      .insert(schema.smsTemplates)
      .values({ organizationId: tenant.organizationId, name: "T", message, enabled })
      .returning({ id: schema.smsTemplates.id });
    if (!row) throw new Error("no template");
    return row.id;
  }

  async function suppress(tenant: TestTenant, msisdn: string): Promise<void> {
    await t.db
      .insert(schema.suppressions)
      .values({ organizationId: tenant.organizationId, msisdn, reason: "stop_reply" });
  }

  async function balance(tenant: TestTenant): Promise<number> {
    const [row] = await t.db
      .select({ credits: schema.organizations.credits })
      .from(schema.organizations)
      .where(eq(schema.organizations.id, tenant.organizationId));
    if (!row) throw new Error("no organization");
    return row.credits;
  }

  /** Everything an acceptance writes (for the organization, or anywhere: staging, jobs), to prove nothing was. */
  async function footprint(tenant: TestTenant) {
    const org = tenant.organizationId;
    const n = async (
      table: typeof schema.campaigns | typeof schema.messages | typeof schema.creditEntries,
    ) => {
      const [row] = await t.db.select({ n: count() }).from(table).where(eq(table.organizationId, org));
      return Number(row?.n ?? 0);
    };
    const [staging] = await t.db.select({ n: count() }).from(schema.messageStaging);
    const [rollups] = await t.db
      .select({ n: count() })
      .from(schema.messageDailyCounts)
      .where(eq(schema.messageDailyCounts.organizationId, org));
    const [files] = await t.db
      .select({ n: count() })
      .from(schema.files)
      .where(eq(schema.files.organizationId, org));
    return {
      campaigns: await n(schema.campaigns),
      messages: await n(schema.messages),
      ledger: await n(schema.creditEntries),
      balance: await balance(tenant),
      staging: Number(staging?.n ?? 0),
      rollups: Number(rollups?.n ?? 0),
      files: Number(files?.n ?? 0),
      jobs: (await jobsIn(t, DISPATCH_QUEUE)).length,
    };
  }

  async function messagesOf(campaignId: number) {
    return t.db
      .select()
      .from(schema.messages)
      .where(eq(schema.messages.campaignId, campaignId))
      .orderBy(schema.messages.seq);
  }

  /**
   * The campaign's chunk jobs in message order (never run here: the engine's handler is tested by
   * the engine). Jobs enqueued in one transaction share their creation time, so the order is theirs.
   */
  async function chunkJobsOf(campaignId: number) {
    return (await jobsIn(t, DISPATCH_QUEUE, undefined, { campaignId }))
      .map((job) => ({ from: job.data.fromSeq as number, to: job.data.toSeq as number, state: job.state }))
      .sort((a, b) => a.from - b.from);
  }

  /** The dispatch-sends jobs (group-committed API sends) that carry this send. */
  async function sendsJobsOf(campaignId: number) {
    return (await jobsIn(t, "engine.dispatch-sends"))
      .filter((job) => (job.data.campaigns as { id: number }[] | undefined)?.some((c) => c.id === campaignId))
      .map((job) => ({
        campaigns: job.data.campaigns as { id: number; recipients: number }[],
        state: job.state,
      }));
  }

  /** The organization's queued rollups of a message type, summed over days. */
  async function queuedRollup(tenant: TestTenant, type: (typeof schema.MESSAGE_TYPES)[number]) {
    const rows = await t.db
      .select()
      .from(schema.messageDailyCounts)
      .where(
        and(
          eq(schema.messageDailyCounts.organizationId, tenant.organizationId),
          eq(schema.messageDailyCounts.type, type),
          eq(schema.messageDailyCounts.status, "queued"),
        ),
      );
    return rows.reduce(
      (sum, r) => ({ messages: sum.messages + r.messages, credits: sum.credits + r.credits }),
      {
        messages: 0,
        credits: 0,
      },
    );
  }

  return {
    fund,
    approvedSender,
    freshTenant,
    group,
    template,
    suppress,
    balance,
    footprint,
    messagesOf,
    chunkJobsOf,
    sendsJobsOf,
    queuedRollup,
  };
}
