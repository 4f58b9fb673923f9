// `npm run bench:analytics`: the delivery analytics (issue 27 point 2, ADR 95) over an organization
// with 1,000,000 messages in the last 30 days (BENCH_MESSAGES), on an on-disk PGlite and on a fresh
// PostgreSQL database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432; skipped with a
// note when unreachable). Other organizations' messages share the partitions (BENCH_OTHER_MESSAGES).
//
// Setup is set-based: campaigns over the last 30 Bangkok days with 6 senders, their messages with one
// INSERT … SELECT generate_series (85% delivered, 7% failed with 5 reasons, the rest on their way),
// recipients spread over 12 operator ranges (a ported block inside one), one number messaged every
// week for two years. Then, through app.inject (server time, no network), BENCH_RUNS runs after a
// warm-up, p50/p99/max: GET /c/analytics/delivery by campaign over the default 30 days counted from
// the messages alone (BENCH_RAW_RUNS, the path of a day not counted yet); then the engine's roll job
// counts the ended days (ADR 106, timed) and the figures are read again: by campaign, sender and
// operator, by operator narrowed to one operator, and the first and a later page of the number's
// history. Writes bench/results/analytics.json.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type DbHandle, migrate } from "@sms/db";
import { sql } from "drizzle-orm";
import { rollAnalyticsDays } from "../apps/server/src/modules/engine/index.ts";
import { onFreshPostgresHandle, onPglite } from "./support/databases.ts";
import { createBenchOwner, signedInApp } from "./support/owner.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const OTHER_MESSAGES = Number(process.env.BENCH_OTHER_MESSAGES ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const RAW_RUNS = Number(process.env.BENCH_RAW_RUNS ?? 3);
const DAYS = 30;
const CAMPAIGNS_PER_DAY = 20;
const HISTORY_NUMBER = "66811234567";

const RANGES: [string, string][] = [
  ["6681", "AIS"],
  ["66812", "TRUE"],
  ["6682", "TRUE"],
  ["6683", "DTAC"],
  ["6684", "AIS"],
  ["6685", "DTAC"],
  ["6686", "TRUE"],
  ["6687", "AIS"],
  ["6688", "DTAC"],
  ["6689", "TRUE"],
  ["6691", "AIS"],
  ["6692", "NT"],
];

interface Timing {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(1));

async function measure(handle: DbHandle, label: string): Promise<Record<string, unknown>> {
  await migrate(handle);
  const db = handle.db;
  const owner = await createBenchOwner(db, { name: "Analytics", label, phoneNumber: "66800000996" });
  const org = owner.organizationId;
  const campaigns = DAYS * CAMPAIGNS_PER_DAY;
  const perCampaign = Math.ceil(MESSAGES / campaigns);

  await db.execute(sql`select ensure_message_partitions(((now() at time zone 'UTC')::date - 800), 28)`);
  await db.execute(sql`delete from operator_prefixes`);
  for (const [prefix, operator] of RANGES)
    await db.execute(sql`insert into operator_prefixes (prefix, operator) values (${prefix}, ${operator})`);

  const t0 = performance.now();
  // Campaigns of this organization (6 senders) and one other organization's, over the last 30 days.
  await db.execute(sql`
    insert into campaigns (organization_id, user_id, kind, purpose, name, sender_name, text, recipients, credits,
                           chunk_size, status, accepted_at, sent_at, created_at)
    select ${org}, ${owner.userId}, 'campaign', 'general', 'Bench campaign ' || c, 'Shop' || (c % 6),
           'Bench: your order has shipped', ${perCampaign}, ${perCampaign}, 1000, 'sent', at, at, at
      from generate_series(0, ${campaigns - 1}) as c,
           lateral (select now() - make_interval(days => c / ${CAMPAIGNS_PER_DAY}, mins => 30 + (c % ${CAMPAIGNS_PER_DAY}) * 3) as at) a`);
  // Messages: recipients over the ranges (0–9 after 668/669), 85% delivered, 7% failed (five reasons),
  // 5% sent, 2% pending, 1% queued.
  await db.execute(sql`
    insert into messages (created_at, organization_id, campaign_id, seq, type, sender, recipient, billed_parts,
                          credits, submit_state, state, code, status)
    select c.accepted_at, c.organization_id, c.id, s, 'campaign', c.sender_name,
           '66' || (array['8','9'])[1 + s % 2] || lpad(((c.id * 7919 + s * 104729) % 100000000)::text, 8, '0'),
           1, 1,
           case when s % 100 < 99 then 'submitted' else 'queued' end,
           case when s % 100 < 85 then 3 when s % 100 < 89 then 3 when s % 100 < 92 then 1 when s % 100 < 97 then 1
                when s % 100 < 99 then 3 else 0 end,
           case when s % 100 < 85 then '000' when s % 100 < 87 then '303' when s % 100 < 89 then '300'
                when s % 100 < 91 then '005' when s % 100 < 92 then '003' when s % 100 < 97 then '000'
                when s % 100 < 99 then '999' else null end,
           case when s % 100 < 85 then 'delivered' when s % 100 < 92 then 'failed' when s % 100 < 97 then 'sent'
                when s % 100 < 99 then 'pending' else 'queued' end
      from campaigns c, generate_series(1, ${perCampaign}) as s
     where c.organization_id = ${org}`);
  // Another organization's messages in the same partitions.
  const other = await createBenchOwner(db, {
    name: "Other",
    label: `${label}-other`,
    phoneNumber: "66800000995",
  });
  await db.execute(sql`
    insert into campaigns (organization_id, kind, purpose, name, sender_name, text, recipients, credits, chunk_size,
                           status, accepted_at, sent_at, created_at)
    values (${other.organizationId}, 'campaign', 'general', 'Other', 'Other', 'x', ${OTHER_MESSAGES}, ${OTHER_MESSAGES},
            1000, 'sent', now() - interval '3 days', now(), now())`);
  await db.execute(sql`
    insert into messages (created_at, organization_id, campaign_id, seq, type, sender, recipient, billed_parts, credits,
                          submit_state, state, code, status)
    select c.accepted_at, c.organization_id, c.id, s, 'campaign', 'Other', '6681' || lpad((s % 10000000)::text, 7, '0'),
           1, 1, 'submitted', 3, '000', 'delivered'
      from campaigns c, generate_series(1, ${OTHER_MESSAGES}) as s where c.organization_id = ${other.organizationId}`);
  // One number messaged every week for two years (its own weekly campaigns).
  await db.execute(sql`
    with weekly as (
      insert into campaigns (organization_id, kind, purpose, name, sender_name, text, recipients, credits, chunk_size,
                             status, accepted_at, sent_at, created_at)
      select ${org}, 'instant', 'general', 'Weekly ' || w, 'Shop0', 'Your weekly code', 1, 1, 1000, 'sent', at, at, at
        from generate_series(1, 104) as w, lateral (select now() - make_interval(days => w * 7) as at) a
      returning id, accepted_at)
    insert into messages (created_at, organization_id, campaign_id, seq, type, sender, recipient, billed_parts, credits,
                          submit_state, state, code, status)
    select accepted_at, ${org}, id, 1, 'instant', 'Shop0', ${HISTORY_NUMBER}, 1, 1, 'submitted', 3, '000', 'delivered'
      from weekly`);
  // The dashboard's rollups, as the engine keeps them: which (organization, day) have messages.
  await db.execute(sql`
    insert into message_daily_counts (organization_id, day, type, status, messages, credits)
    select organization_id, (created_at at time zone 'Asia/Bangkok')::date, type, status, count(*), sum(credits)
      from messages group by 1, 2, 3, 4`);
  const setupSeconds = seconds(t0);
  console.log(`${label}: data in ${setupSeconds} s`);
  const t1 = performance.now();
  await db.execute(sql`vacuum analyze`);
  const vacuumSeconds = seconds(t1);

  const { app, headers } = await signedInApp(handle, owner, { name: "Analytics", language: "en" });
  try {
    async function time<T>(url: string, runs = RUNS): Promise<Timing & { body: T }> {
      const durations: number[] = [];
      let body: T | undefined;
      for (let run = 0; run <= runs; run++) {
        const start = performance.now();
        const res = await app.inject({ method: "GET", url: `/api/v1${url}`, headers });
        const ms = performance.now() - start;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        body = (res.json() as { data: T }).data;
        if (run > 0) durations.push(ms);
      }
      console.log(`${label} ${url}: ${durations.map((ms) => Math.round(ms)).join(" ")} ms`);
      durations.sort((a, b) => a - b);
      const at = (q: number) =>
        Number(
          (durations[Math.min(durations.length - 1, Math.ceil(q * durations.length) - 1)] ?? 0).toFixed(1),
        );
      return {
        p50Ms: at(0.5),
        p99Ms: at(0.99),
        maxMs: Number((durations.at(-1) ?? 0).toFixed(1)),
        body: body as T,
      };
    }
    type Delivery = { totals: { messages: number }; group_count: number };
    type History = { entities: unknown[]; next: string | null };
    const strip = <T>({ body: _b, ...timing }: Timing & { body: T }) => timing;

    // Every day from the messages (nothing counted yet), then the roll job's first pass over 30 days.
    const uncounted = await time<Delivery>("/c/analytics/delivery?by=campaign", RAW_RUNS);
    const t2 = performance.now();
    const daysCounted = await rollAnalyticsDays(db, { budgetMs: 3_600_000 });
    const rollSeconds = seconds(t2);
    console.log(`${label}: ${daysCounted} days counted in ${rollSeconds} s`);
    const byCampaign = await time<Delivery>("/c/analytics/delivery?by=campaign");
    if (byCampaign.body.totals.messages !== uncounted.body.totals.messages)
      throw new Error(
        `counted ${byCampaign.body.totals.messages}, from the messages ${uncounted.body.totals.messages}`,
      );
    const bySender = await time<Delivery>("/c/analytics/delivery?by=sender");
    const byOperator = await time<Delivery>("/c/analytics/delivery?by=operator");
    const oneOperator = await time<Delivery>("/c/analytics/delivery?by=campaign&operator=TRUE");
    const stored = perCampaign * campaigns;
    if (byCampaign.body.totals.messages < stored)
      throw new Error(`the 30-day period counts ${byCampaign.body.totals.messages}, ${stored} stored`);
    const firstPage = await time<History>(`/c/analytics/number-history?phone=${HISTORY_NUMBER}`);
    // A page deep in the history: a cursor a year back.
    const yearBack = new Date(Date.now() - 365 * 86_400_000).toISOString();
    const laterPage = await time<History>(
      `/c/analytics/number-history?phone=${HISTORY_NUMBER}&before=${encodeURIComponent(`${yearBack}~0`)}`,
    );
    return {
      messages: byCampaign.body.totals.messages,
      campaigns: byCampaign.body.group_count,
      otherOrganizationMessages: OTHER_MESSAGES,
      operatorRanges: RANGES.length,
      setupSeconds: { data: setupSeconds, vacuumAnalyze: vacuumSeconds },
      roll: { days: daysCounted, seconds: rollSeconds },
      endpoint: {
        deliveryByCampaign30DaysUncounted: { ...strip(uncounted), runs: RAW_RUNS },
        deliveryByCampaign30Days: strip(byCampaign),
        deliveryBySender30Days: strip(bySender),
        deliveryByOperator30Days: strip(byOperator),
        deliveryOneOperator30Days: strip(oneOperator),
        numberHistoryFirstPage: { ...strip(firstPage), messages: firstPage.body.entities.length },
        numberHistoryYearBack: { ...strip(laterPage), messages: laterPage.body.entities.length },
      },
      loadAverage1m: Number((loadavg()[0] ?? 0).toFixed(1)),
    };
  } finally {
    await app.close();
  }
}

const results: Record<string, unknown> = {
  generatedAt: new Date().toISOString(),
  node: process.version,
  runs: RUNS,
  note:
    "Server time through app.inject (no network) after one warm-up run, on a shared 2-core machine: " +
    "compare with loadAverage1m. Uncounted: the period's messages in keyset slices (ADR 95); the rest after " +
    "the roll job counted the ended days (ADR 106): today from the messages, earlier days from the rollup.",
};
if (process.env.BENCH_SKIP_PGLITE !== "1") {
  results.pglite = await onPglite("bench-analytics", (handle) => measure(handle, "pglite"));
}
if (process.env.BENCH_SKIP_POSTGRES !== "1") {
  results.postgres = await onFreshPostgresHandle(`h_analytics_bench_${process.pid}`, (handle) =>
    measure(handle, "postgres"),
  );
}
// A run of one database only keeps the other's last results, read when writing (the two take long on a
// shared machine and may run side by side).
const resultsFile = join(root, "bench/results/analytics.json");
const previous: Record<string, unknown> = existsSync(resultsFile)
  ? (JSON.parse(readFileSync(resultsFile, "utf8")) as Record<string, unknown>)
  : {};
if (process.env.BENCH_SKIP_PGLITE === "1" && previous.pglite) results.pglite = previous.pglite;
if (process.env.BENCH_SKIP_POSTGRES === "1" && previous.postgres) results.postgres = previous.postgres;
mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
for (const kind of ["pglite", "postgres"] as const) {
  const r = results[kind] as
    | { endpoint?: Record<string, Timing>; skipped?: string; messages?: number }
    | undefined;
  if (!r) continue;
  if (r.skipped) {
    console.log(`${kind} skipped: ${r.skipped}`);
    continue;
  }
  console.log(`${kind} (${r.messages} messages):`);
  for (const [name, t] of Object.entries(r.endpoint ?? {})) {
    console.log(`  ${name.padEnd(28)} p50 ${t.p50Ms} ms  p99 ${t.p99Ms} ms  max ${t.maxMs} ms`);
  }
}
