// `npm run bench:dashboard`: GET /api/v1/c/me/dashboard over an organization with 10,000,000 messages
// (issue 15 point 1: under 300 ms server time on PostgreSQL). The app runs on a fresh PostgreSQL
// database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432; skipped with a note when
// unreachable) and on an on-disk PGlite with a smaller count (BENCH_PGLITE_MESSAGES, default 1,000,000).
//
// Setup is set-based: campaigns over the last 90 Bangkok days, their messages with one INSERT … SELECT
// generate_series into the monthly partitions (statuses and types spread as a busy sender's are), the
// matching rollups as the engine leaves them after compaction (one row per organization, day, type and
// status), plus uncompacted delta rows on today's keys (the engine writes one per batch between two
// compactions) and other organizations' rollups around it. Then the endpoint is timed through
// app.inject (server time, no network): the default 30-day period and the longest (92 days), BENCH_RUNS
// runs each after a warm-up, p50/p95/max. Writes bench/results/dashboard.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type DbHandle, migrate } from "@sms/db";
import { sql } from "drizzle-orm";
import { onFreshPostgresHandle, onPglite } from "./support/databases.ts";
import { createBenchOwner, signedInApp } from "./support/owner.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000_000);
const PGLITE_MESSAGES = Number(process.env.BENCH_PGLITE_MESSAGES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const DAYS = 90;
const CAMPAIGNS_PER_DAY = 10;
/** Delta rows on today's keys not yet folded by the 10-minute compaction. */
const UNCOMPACTED_DELTAS = Number(process.env.BENCH_DELTAS ?? 20_000);
/** Other organizations sharing the rollup table (each with a rollup row per day, type and status it used). */
const OTHER_ORGANIZATIONS = Number(process.env.BENCH_OTHER_ORGS ?? 1_000);

interface Timing {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  minMs: number;
}

const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(1));

async function measure(handle: DbHandle, label: string, messages: number): Promise<Record<string, unknown>> {
  await migrate(handle);
  const db = handle.db;
  const owner = await createBenchOwner(db, { name: "Dashboard", label, phoneNumber: "66800000997" });
  const { organizationId } = owner;
  const org = organizationId;
  const campaigns = DAYS * CAMPAIGNS_PER_DAY;
  const perCampaign = Math.ceil(messages / campaigns);

  // Partitions for every month of the period (the migration prepares only the months around now).
  await db.execute(
    sql`select ensure_message_partitions(((now() at time zone 'UTC')::date - ${DAYS + 5}::int), 6)`,
  );

  // Campaigns: CAMPAIGNS_PER_DAY a day over the last DAYS Bangkok days, accepted in the past (never in
  // the future, so today's campaigns are accepted hours ago at most); kinds cycle campaign, file, api, instant.
  const t0 = performance.now();
  await db.execute(sql`
    insert into campaigns (organization_id, user_id, kind, purpose, name, sender_name, text, recipients, credits,
                           chunk_size, status, accepted_at, sent_at, created_at)
    select ${org}, ${owner.userId}, (array['campaign','file','api','instant'])[1 + c % 4], 'general',
           'Bench campaign ' || c, 'SMSPortal', 'Bench: your order has shipped', ${perCampaign}, ${perCampaign},
           1000, 'sent', at, at, at
      from generate_series(0, ${campaigns - 1}) as c,
           lateral (select now() - make_interval(days => c / ${CAMPAIGNS_PER_DAY}, mins => 30 + (c % ${CAMPAIGNS_PER_DAY}) * 5) as at) a`);

  // Messages: one statement. Type follows the campaign's kind (file → campaign; a quarter of the API
  // sends are OTP); status: 85% delivered, 7% failed, 5% sent, 2% pending, 1% queued; 1–2 credits.
  await db.execute(sql`
    insert into messages (created_at, organization_id, campaign_id, seq, type, sender, recipient, billed_parts,
                          credits, submit_state, state, code, status)
    select c.accepted_at, c.organization_id, c.id, s,
           case c.kind when 'file' then 'campaign' when 'api' then (case when s % 4 = 0 then 'otp' else 'api' end)
                       else c.kind end,
           'SMSPortal', '668' || lpad(((c.id * 7919 + s) % 100000000)::text, 8, '0'), 1 + (s % 10 = 0)::int,
           1 + (s % 10 = 0)::int,
           case when s % 100 < 99 then 'submitted' else 'queued' end,
           case when s % 100 < 92 then 3 when s % 100 < 99 then 1 else 0 end,
           case when s % 100 < 85 then '000' when s % 100 < 92 then '001' when s % 100 < 97 then '000'
                when s % 100 < 99 then '999' else null end,
           case when s % 100 < 85 then 'delivered' when s % 100 < 92 then 'failed' when s % 100 < 97 then 'sent'
                when s % 100 < 99 then 'pending' else 'queued' end
      from campaigns c, generate_series(1, ${perCampaign}) as s
     where c.organization_id = ${org}`);
  const messagesSeconds = seconds(t0);

  // Rollups as the engine leaves them after a compaction (counted once here, at setup; the endpoint
  // never counts messages), then today's uncompacted deltas: pairs moving one message from sent to
  // delivered and back net to zero, so the totals stay those of the messages table.
  const t1 = performance.now();
  await db.execute(sql`
    insert into message_daily_counts (organization_id, day, type, status, messages, credits)
    select organization_id, (created_at at time zone 'Asia/Bangkok')::date, type, status, count(*), sum(credits)
      from messages where organization_id = ${org} group by 1, 2, 3, 4`);
  await db.execute(sql`
    insert into message_daily_counts (organization_id, day, type, status, messages, credits)
    select ${org}, (now() at time zone 'Asia/Bangkok')::date, 'campaign',
           case when i % 2 = 0 then 'sent' else 'delivered' end,
           case when (i / 2) % 2 = 0 then 1 else -1 end,
           case when (i / 2) % 2 = 0 then 1 else -1 end
      from generate_series(0, ${UNCOMPACTED_DELTAS - 1}) as i`);
  await db.execute(sql`
    insert into message_daily_counts (organization_id, day, type, status, messages, credits)
    select 1000000 + o, (now() at time zone 'Asia/Bangkok')::date - d, t, s, 1 + (o * d) % 500, 1 + (o * d) % 700
      from generate_series(1, ${OTHER_ORGANIZATIONS}) as o, generate_series(0, ${DAYS}) as d,
           unnest(array['campaign', 'api']) as t, unnest(array['delivered', 'failed', 'sent']) as s`);
  const rollupsSeconds = seconds(t1);
  const t2 = performance.now();
  await db.execute(sql`vacuum analyze`);
  const vacuumSeconds = seconds(t2);
  const [rollupRows] = (
    (await db.execute(sql`select count(*)::int as n from message_daily_counts`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;

  const { app, headers } = await signedInApp(handle, owner, { name: "Dashboard", language: "en" });
  try {
    async function time(query: string): Promise<Timing & { sent: number; days: number }> {
      const url = `/api/v1/c/me/dashboard${query}`;
      const durations: number[] = [];
      let body: { data: { messages: { totals: { sent: number }; days: unknown[] } } } | undefined;
      for (let run = 0; run <= RUNS; run++) {
        const start = performance.now();
        const res = await app.inject({ method: "GET", url, headers });
        const ms = performance.now() - start;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        body = res.json();
        if (run > 0) durations.push(ms);
      }
      durations.sort((a, b) => a - b);
      const at = (q: number) =>
        Number(
          (durations[Math.min(durations.length - 1, Math.ceil(q * durations.length) - 1)] ?? 0).toFixed(1),
        );
      return {
        p50Ms: at(0.5),
        p95Ms: at(0.95),
        maxMs: Number((durations.at(-1) ?? 0).toFixed(1)),
        minMs: Number((durations[0] ?? 0).toFixed(1)),
        sent: body?.data.messages.totals.sent ?? 0,
        days: body?.data.messages.days.length ?? 0,
      };
    }

    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(new Date());
    const start92 = new Date(Date.parse(`${today}T00:00:00Z`) - 91 * 86_400_000).toISOString().slice(0, 10);
    const default30 = await time("");
    const longest92 = await time(`?start=${start92}&end=${today}`);
    const stored = perCampaign * campaigns;
    if (longest92.sent !== stored)
      throw new Error(`the 92-day period counts ${longest92.sent}, ${stored} stored`);
    return {
      messages: stored,
      campaigns,
      rollupRows: rollupRows?.n ?? 0,
      uncompactedDeltaRowsToday: UNCOMPACTED_DELTAS,
      otherOrganizations: OTHER_ORGANIZATIONS,
      setupSeconds: {
        campaignsAndMessages: messagesSeconds,
        rollups: rollupsSeconds,
        vacuumAnalyze: vacuumSeconds,
      },
      endpoint: { default30Days: default30, longest92Days: longest92 },
      // The machine's load while timing: the figures are server time on a shared machine.
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
    "Server time of GET /api/v1/c/me/dashboard through app.inject (no network), after one warm-up run. " +
    "PGlite holds fewer messages (BENCH_PGLITE_MESSAGES): the endpoint reads only the rollups, whose size " +
    "depends on days × types × statuses, not on the number of messages.",
};

if (process.env.BENCH_SKIP_PGLITE !== "1") {
  results.pglite = await onPglite("bench-dashboard", (handle) => measure(handle, "pglite", PGLITE_MESSAGES));
}
if (process.env.BENCH_SKIP_POSTGRES !== "1") {
  results.postgres = await onFreshPostgresHandle(`bench_dashboard_${process.pid}`, (handle) =>
    measure(handle, "postgres", MESSAGES),
  );
}

mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/dashboard.json"), `${JSON.stringify(results, null, 2)}\n`);
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
    console.log(`  ${name.padEnd(16)} p50 ${t.p50Ms} ms  p95 ${t.p95Ms} ms  max ${t.maxMs} ms`);
  }
}
