// `npm run bench:export`: the messages report's export (issue 15 point 3) over 1,000,000 messages.
// The app is built on PGlite (a data directory on disk, as `npm start` uses) and on PostgreSQL (a
// fresh database on BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432; skipped with a
// note when unreachable). The messages go in with one INSERT … SELECT generate_series (spread over
// the last 20 Bangkok days, two campaigns, one in ten with its own Thai text, every status), then
// the report's first page and summary are timed, and GET /c/messages/export-report streams the
// whole period as CSV and as XLSX over a real socket while the process's RSS is sampled every 20 ms.
// Writes bench/results/export.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type DbHandle, migrate, schema } from "@sms/db";
import { bangkokDayKey } from "@sms/domain";
import { sql } from "drizzle-orm";
import { onFreshPostgresHandle, onPglite } from "./support/databases.ts";
import { createBenchOwner, signedInApp } from "./support/owner.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const DAYS = 20;
const DAY_MS = 24 * 3600_000;

async function measure(handle: DbHandle, label: string): Promise<Record<string, unknown>> {
  await migrate(handle);
  const db = handle.db;
  const now = new Date();
  const owner = await createBenchOwner(db, { name: "Export", label, phoneNumber: "66800000997" });
  const { organizationId } = owner;
  const campaignIds: number[] = [];
  for (const text of ["โปรโมชั่นพิเศษสำหรับลูกค้า =SUM(A1) ลด 50%", "Your appointment is tomorrow at 10:00"]) {
    const [row] = await db
      .insert(schema.campaigns)
      .values({
        organizationId,
        userId: owner.userId,
        kind: "campaign",
        purpose: "general",
        name: "Bench export",
        senderName: "BenchCo",
        text,
        recipients: MESSAGES / 2,
        credits: MESSAGES,
        chunkSize: 1000,
        acceptedAt: new Date(now.getTime() - DAYS * DAY_MS),
      } as typeof schema.campaigns.$inferInsert)
      .returning({ id: schema.campaigns.id });
    campaignIds.push(row!.id);
  }
  const [c1, c2] = campaignIds;
  const spanSeconds = Math.floor(((DAYS - 1) * DAY_MS) / 1000);

  // One set-based statement: a million messages over the last DAYS days, newest an hour ago.
  const t0 = performance.now();
  await db.execute(sql`
    insert into messages (created_at, organization_id, campaign_id, seq, type, sender, recipient, text,
                          billed_parts, credits, status, state, code)
    select now() - interval '1 hour' - make_interval(secs => (i::bigint * ${spanSeconds}::bigint) / ${MESSAGES}::bigint),
      ${organizationId}::integer,
      case when i % 2 = 0 then ${c1}::bigint else ${c2}::bigint end,
      i,
      (array['campaign','instant','api','otp'])[1 + i % 4],
      'BenchCo',
      '668' || lpad(i::text, 8, '0'),
      case when i % 10 = 0 then 'สวัสดีคุณลูกค้าหมายเลข ' || i else null end,
      1 + i % 2, 1 + i % 2,
      (array['delivered','delivered','delivered','failed','sent','queued','pending'])[1 + i % 7],
      3, '000'
    from generate_series(1, ${MESSAGES}::integer) as i`);
  const insertSeconds = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  await db.execute(sql`vacuum analyze messages`);
  const vacuumSeconds = (performance.now() - t1) / 1000;

  const { app, headers } = await signedInApp(handle, owner, { name: "Export", language: "th" });
  try {
    const period = `start=${bangkokDayKey(new Date(now.getTime() - (DAYS + 1) * DAY_MS))}&end=${bangkokDayKey(now)}`;

    async function time(url: string): Promise<{ ms: number; body: unknown }> {
      await app.inject({ method: "GET", url, headers }); // warm-up
      const start = performance.now();
      const res = await app.inject({ method: "GET", url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return { ms: Number((performance.now() - start).toFixed(1)), body: res.json() };
    }
    const summary = await time(`/api/v1/c/messages/summary?${period}`);
    const total = (summary.body as { data: { total: number } }).data.total;
    if (total !== MESSAGES) throw new Error(`summary counts ${total}, expected ${MESSAGES}`);
    const report = {
      summaryMs: summary.ms,
      firstPageMs: (await time(`/api/v1/c/messages?${period}`)).ms,
      sortByCreditsFirstPageMs: (await time(`/api/v1/c/messages?${period}&sort=credits&reverse=true`)).ms,
    };

    // Over a real socket: inject would collect the whole body, hiding whether it streams.
    const address = await app.listen({ host: "127.0.0.1", port: 0 });
    const exports: Record<string, unknown> = {};
    // "csv", "xlsx", or "<format>:<sort key>" for an export in another order than newest first
    // (only created_at is indexed: every batch of another order is a top-N sort of the period).
    for (const variant of (process.env.BENCH_FORMATS ?? "csv,xlsx,csv:sender").split(",")) {
      const [format, sort] = variant.split(":") as ["csv" | "xlsx", string | undefined];
      const order = sort ? `&sort=${sort}&reverse=true` : "";
      const name = sort ? `${format} by ${sort} (descending)` : format;
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let peakRss = rssBefore;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }, 20);
      const cpuBefore = process.cpuUsage();
      const start = performance.now();
      const res = await fetch(
        `${address}/api/v1/c/messages/export-report?format=${format}&${period}${order}`,
        { headers },
      );
      if (!res.ok || !res.body) throw new Error(`export ${name}: ${res.status}`);
      let bytes = 0;
      let firstByteMs: number | null = null;
      for await (const chunk of res.body) {
        firstByteMs ??= performance.now() - start;
        bytes += chunk.length;
      }
      clearInterval(sampler);
      const cpu = process.cpuUsage(cpuBefore);
      exports[name] = {
        seconds: Number(((performance.now() - start) / 1000).toFixed(1)),
        // This process's CPU (server, exceljs/csv-stringify, the client reading, and PGlite when
        // embedded): the figure that does not depend on what else the machine is doing.
        cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(1)),
        firstByteMs: Math.round(firstByteMs ?? 0),
        megabytes: Number((bytes / 1024 / 1024).toFixed(1)),
        rowsPerSecond: Math.round(MESSAGES / ((performance.now() - start) / 1000)),
        rssBeforeMb: Math.round(rssBefore / 1024 / 1024),
        peakRssMb: Math.round(peakRss / 1024 / 1024),
      };
      console.log(`${label} ${variant}: ${JSON.stringify(exports[name])}`);
    }
    return {
      messages: MESSAGES,
      insertSeconds: Number(insertSeconds.toFixed(1)),
      vacuumAnalyzeSeconds: Number(vacuumSeconds.toFixed(1)),
      report,
      export: exports,
    };
  } finally {
    await app.close();
  }
}

const results: Record<string, unknown> = {
  generatedAt: new Date().toISOString(),
  node: process.version,
  nodeOptions: process.execArgv.join(" "),
  cpus: (await import("node:os")).cpus().length,
  loadAverageAtStart: (await import("node:os")).loadavg().map((n) => Number(n.toFixed(1))),
  messages: MESSAGES,
  days: DAYS,
};

if (process.env.BENCH_SKIP_POSTGRES !== "1") {
  results.postgres = await onFreshPostgresHandle(`bench_export_${process.pid}`, (handle) =>
    measure(handle, "postgres"),
  );
}
if (process.env.BENCH_SKIP_PGLITE !== "1") {
  results.pglite = await onPglite("bench-export", (handle) => measure(handle, "pglite"));
}

mkdirSync(join(root, "bench/results"), { recursive: true });
// BENCH_EXPORT_RESULT: another file, for a run that is not the reference (e.g. under --max-old-space-size).
writeFileSync(
  resolve(root, process.env.BENCH_EXPORT_RESULT ?? "bench/results/export.json"),
  `${JSON.stringify(results, null, 2)}\n`,
);
console.log(JSON.stringify(results, null, 2));
