import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueSmsKey } from "../../test/api-keys.ts";
import { sendFixtures } from "../../test/sends.ts";
import { createTenant, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

/**
 * Review S4-8 on PostgreSQL, where concurrent API sends of different organizations share one
 * group-commit batch (ADR 27; on PGlite a batch mostly holds one send). Organization A sends
 * poisoned requests at about 30 a second while B sends normally: B's sends all succeed and A gets
 * 400s. Two poisons: a NUL, which the contract refuses (ADR 0031), and a tag this test's database
 * refuses with 22021 in a trigger, standing for any data error that gets past validation, so the
 * batcher's isolation is exercised as well.
 * Runs only in the PostgreSQL suite (TEST_DATABASE_URL; excluded otherwise by vitest.config.ts).
 */

const SECONDS = 4;
const TICK_MS = 100;
/** Per tick: 3 poisoned requests from A (30/s) and 4 normal ones from B (40/s, under its key's limit). */
const A_PER_TICK = 3;
const B_PER_TICK = 4;

let t: TestContext;
const fixtures = () => sendFixtures(t);

interface ApiTenant extends TestTenant {
  authorization: string;
  sender: string;
}

async function apiTenant(name: string): Promise<ApiTenant> {
  const tenant = await createTenant(t, { name });
  await fixtures().fund(tenant, 10_000);
  const sender = await fixtures().approvedSender(tenant, `${name.slice(0, 6)}Own`, "marketing");
  // The key's own limits are not what this test is about: no 429, no pumping guard.
  const { authorization } = await issueSmsKey(t, tenant, { liftLimits: true });
  return { ...tenant, authorization, sender };
}

const count = async (query: ReturnType<typeof sql>) => {
  const result = (await t.db.execute(query)) as unknown as { rows: { n: string | number }[] };
  return Number(result.rows[0]?.n ?? 0);
};

beforeAll(async () => {
  t = await createTestApp();
  if (t.dbHandle.kind !== "postgres") throw new Error("this test needs TEST_DATABASE_URL (PostgreSQL)");
  // A send tagged POISON fails its campaign row with 22021, as a NUL in text does; every other
  // campaign row the trigger sees is counted by a sequence, which a rollback does not undo.
  await t.db.execute(
    sql.raw(`
    create sequence test_campaign_rows_seen;
    create function test_poison_campaign() returns trigger language plpgsql as $$
    begin
      if new.name = 'POISON' then
        raise exception 'invalid byte sequence for encoding "UTF8": 0x00' using errcode = '22021';
      end if;
      perform nextval('test_campaign_rows_seen');
      return new;
    end $$;
    create trigger test_poison_campaign before insert on campaigns
      for each row execute function test_poison_campaign();
    -- Every batch's insert holds 10 ms, so the requests of a tick queue behind the first one and
    -- the next batch mixes both organizations, on a quiet machine as on a busy one.
    create function test_hold_batch() returns trigger language plpgsql as $$
    begin
      perform pg_sleep(0.01);
      return null;
    end $$;
    create trigger test_hold_batch before insert on campaigns
      for each statement execute function test_hold_batch();`),
  );
});
afterAll(() => t?.close());

describe("one organization's poisoned API sends on PostgreSQL (S4-8)", () => {
  it("leave another organization's concurrent sends 100 % successful, and answer A with 400s", async () => {
    const a = await apiTenant("Attacker");
    const b = await apiTenant("Bystander");
    const post = (tenant: ApiTenant, payload: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/api/v2/sms",
        headers: { authorization: tenant.authorization },
        payload: { sender: tenant.sender, ...payload },
      });

    const aAnswers: Promise<LightMyRequestResponse>[] = [];
    const bAnswers: Promise<LightMyRequestResponse>[] = [];
    let seq = 0;
    const started = Date.now();
    for (let tick = 0; tick < (SECONDS * 1000) / TICK_MS; tick += 1) {
      for (let i = 0; i < B_PER_TICK; i += 1) {
        seq += 1;
        bAnswers.push(post(b, { msisdn: `08${String(10_000_000 + seq)}`, message: `legit B ${seq}` }));
        // A's requests arrive between B's, so they share B's batches.
        if (i < A_PER_TICK) {
          const poison: Record<string, string> =
            i % 2 === 0 ? { tag: "POISON" } : { message: "poison\u0000" };
          aAnswers.push(post(a, { msisdn: "0871234567", message: "poison", ...poison }));
        }
      }
      const next = started + (tick + 1) * TICK_MS;
      await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
    }
    const [aResults, bResults] = await Promise.all([Promise.all(aAnswers), Promise.all(bAnswers)]);

    const statuses = (results: LightMyRequestResponse[]) =>
      results.reduce<Record<number, number>>((acc, r) => {
        acc[r.statusCode] = (acc[r.statusCode] ?? 0) + 1;
        return acc;
      }, {});
    expect(statuses(bResults)).toEqual({ 201: bResults.length });
    expect(statuses(aResults)).toEqual({ 400: aResults.length });
    for (const r of aResults) expect(r.json().error.name).toBe("ERROR_INVALID_PARAMETER");

    // B: every send stored and charged exactly once.
    expect(bResults.length).toBe((SECONDS * 1000 * B_PER_TICK) / TICK_MS);
    const bCampaigns = await count(
      sql`select count(*) as n from campaigns where organization_id = ${b.organizationId}`,
    );
    const bDebits = await count(
      sql`select count(distinct reference) as n from credit_entries where organization_id = ${b.organizationId} and type = 'used'`,
    );
    expect(bCampaigns).toBe(bResults.length);
    expect(bDebits).toBe(bResults.length);
    expect(await fixtures().balance(b)).toBe(10_000 - bResults.length);
    // A: nothing stored, nothing charged.
    expect(
      await count(sql`select count(*) as n from campaigns where organization_id = ${a.organizationId}`),
    ).toBe(0);
    expect(await fixtures().balance(a)).toBe(10_000);
    // Some of B's rows were written in a batch that A's poison failed, and were written again.
    const seen = await count(sql`select last_value as n from test_campaign_rows_seen`);
    expect(seen).toBeGreaterThan(bCampaigns);
  });
});
