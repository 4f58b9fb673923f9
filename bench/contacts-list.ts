// `npm run bench:contacts`: the contacts table of a group of 1,000,000 contacts (issue 11). The app
// is built on PGlite (a data directory on disk, as `npm start` uses) and on PostgreSQL (a fresh
// database on BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432; skipped with a note
// when unreachable). The contacts go in with one INSERT … SELECT generate_series, then each list
// call is timed through app.inject (median of BENCH_RUNS runs): the first page, a deep page, the
// last page, phone searches (narrow and broad prefix), name searches (rare and common) and the other
// sorts; then one CSV and one XLSX export of the whole group, with the process's peak memory.
// Writes bench/results/contacts-list.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type DbHandle, migrate, schema } from "@sms/db";
import { sql } from "drizzle-orm";
import { onFreshPostgresHandle, onPglite } from "./support/databases.ts";
import { createBenchOwner, signedInApp } from "./support/owner.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EXPORTS = process.env.BENCH_SKIP_EXPORT !== "1";
const PAGE_SIZE = 10;

/** Twenty first names and ten last names, so a name search has common and rare answers. */
const FIRST_NAMES = [
  "Somchai",
  "Somsri",
  "Anan",
  "Wichai",
  "Malee",
  "Niran",
  "Pranee",
  "Suda",
  "Kittisak",
  "Orawan",
  "สมชาย",
  "สมศรี",
  "อนันต์",
  "วิชัย",
  "มาลี",
  "นิรันดร์",
  "ปราณี",
  "สุดา",
  "กิตติศักดิ์",
  "อรวรรณ",
];
const LAST_NAMES = ["Jaidee", "Rakdee", "Boonmee", "Srisuk", "Thongdee", "ใจดี", "รักดี", "บุญมี", "ศรีสุข", "ทองดี"];

const sqlArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(",")}]`);

interface Timing {
  medianMs: number;
  minMs: number;
  maxMs: number;
  totalItem: number;
  rows: number;
}

async function measure(handle: DbHandle, label: string): Promise<Record<string, unknown>> {
  await migrate(handle);
  const db = handle.db;
  const owner = await createBenchOwner(db, { name: "Contacts", label, phoneNumber: "66800000998" });
  const { organizationId } = owner;
  const [group] = await db
    .insert(schema.contactGroups)
    .values({ organizationId, name: "A million" })
    .returning({ id: schema.contactGroups.id });
  const groupId = group!.id;

  // One set-based statement; numbers 0800000001… in the 66 form, one second apart, newest last.
  const t0 = performance.now();
  await db.execute(sql`
    insert into contacts (organization_id, group_id, first_name, last_name, phone_number, created_at, updated_at)
    select ${organizationId}, ${groupId},
      (${sqlArray(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}] || i::text,
      (${sqlArray(LAST_NAMES)})[1 + (i / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
      '668' || lpad(i::text, 8, '0'),
      timestamptz '2026-01-01 00:00:00+07' + make_interval(secs => i),
      timestamptz '2026-01-01 00:00:00+07' + make_interval(secs => i)
    from generate_series(1, ${CONTACTS}) as i`);
  const insertSeconds = (performance.now() - t0) / 1000;
  // What autovacuum does shortly after a big import: statistics, and the visibility map that lets
  // the list read its page of ids from the index alone.
  const t1 = performance.now();
  await db.execute(sql`vacuum analyze contacts`);
  const vacuumSeconds = (performance.now() - t1) / 1000;

  const { app, headers } = await signedInApp(handle, owner, { name: "Contacts", language: "en" });
  try {
    const countRes = await app.inject({ method: "GET", url: `/api/v1/c/contact-groups/${groupId}`, headers });
    const contactCount = countRes.json().data.contact_count as number;
    if (contactCount !== CONTACTS) throw new Error(`contact_count is ${contactCount}, expected ${CONTACTS}`);

    async function time(query: string): Promise<Timing> {
      const url = `/api/v1/c/contact-groups/${groupId}/contacts?size=${PAGE_SIZE}&${query}`;
      const durations: number[] = [];
      let body: { data: { entities: unknown[]; page_information: { total_item: number } } } | undefined;
      // One warm-up run (plans and caches), then the measured runs.
      for (let run = 0; run <= RUNS; run++) {
        const start = performance.now();
        const res = await app.inject({ method: "GET", url, headers });
        const ms = performance.now() - start;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        body = res.json();
        if (run > 0) durations.push(ms);
      }
      durations.sort((a, b) => a - b);
      const round = (n: number) => Number(n.toFixed(1));
      return {
        medianMs: round(durations[Math.floor(durations.length / 2)] ?? 0),
        minMs: round(durations[0] ?? 0),
        maxMs: round(durations[durations.length - 1] ?? 0),
        totalItem: body?.data.page_information.total_item ?? 0,
        rows: body?.data.entities.length ?? 0,
      };
    }

    const lastPage = Math.ceil(CONTACTS / PAGE_SIZE);
    const list = {
      firstPage: await time("page=1"),
      page10000: await time("page=10000"),
      middlePage: await time(`page=${Math.ceil(lastPage / 2)}`),
      lastPage: await time(`page=${lastPage}`),
      phonePrefixNarrow: await time(`search=${encodeURIComponent("080-0123")}`),
      phonePrefixBroad: await time(`search=${encodeURIComponent("+668")}`),
      phonePrefixDeepPage: await time(`search=0800&page=500`),
      nameSearchRare: await time(`search=${encodeURIComponent("Somchai12340")}`),
      nameSearchCommon: await time(`search=${encodeURIComponent("สมศรี")}`),
      sortPhoneFirstPage: await time("sort=phone_number"),
      sortPhoneDeepPage: await time("sort=phone_number&page=10000"),
      sortNameFirstPage: await time("sort=name"),
      sortCreatedAscFirstPage: await time("sort=created_at"),
    };

    // Exports over a real socket: inject would collect the whole body, hiding whether it streams.
    const exports: Record<string, unknown> = {};
    if (EXPORTS) {
      const address = await app.listen({ host: "127.0.0.1", port: 0 });
      for (const format of ["csv", "xlsx"] as const) {
        global.gc?.();
        const rssBefore = process.memoryUsage().rss;
        let peakRss = rssBefore;
        const sampler = setInterval(() => {
          peakRss = Math.max(peakRss, process.memoryUsage().rss);
        }, 20);
        const start = performance.now();
        const res = await fetch(`${address}/api/v1/c/contact-groups/${groupId}/export?format=${format}`, {
          headers,
        });
        if (!res.ok || !res.body) throw new Error(`export ${format}: ${res.status}`);
        let bytes = 0;
        for await (const chunk of res.body) bytes += chunk.length;
        clearInterval(sampler);
        exports[format] = {
          seconds: Number(((performance.now() - start) / 1000).toFixed(1)),
          megabytes: Number((bytes / 1024 / 1024).toFixed(1)),
          rssBeforeMb: Math.round(rssBefore / 1024 / 1024),
          peakRssMb: Math.round(peakRss / 1024 / 1024),
        };
      }
    }
    return {
      contacts: CONTACTS,
      insertSeconds: Number(insertSeconds.toFixed(1)),
      vacuumAnalyzeSeconds: Number(vacuumSeconds.toFixed(1)),
      list,
      export: exports,
    };
  } finally {
    await app.close();
  }
}

const results: Record<string, unknown> = {
  generatedAt: new Date().toISOString(),
  node: process.version,
  contacts: CONTACTS,
  pageSize: PAGE_SIZE,
  runs: RUNS,
};

if (process.env.BENCH_SKIP_PGLITE !== "1") {
  results.pglite = await onPglite("bench-contacts", (handle) => measure(handle, "pglite"));
}
results.postgres = await onFreshPostgresHandle(`bench_contacts_${process.pid}`, (handle) =>
  measure(handle, "postgres"),
);

mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/contacts-list.json"), `${JSON.stringify(results, null, 2)}\n`);
for (const kind of ["pglite", "postgres"] as const) {
  const r = results[kind] as { list?: Record<string, Timing>; skipped?: string } | undefined;
  if (!r) continue;
  if (r.skipped) {
    console.log(`${kind} skipped: ${r.skipped}`);
    continue;
  }
  console.log(`${kind}:`);
  for (const [query, timing] of Object.entries(r.list ?? {})) {
    console.log(
      `  ${query.padEnd(24)} ${String(timing.medianMs).padStart(8)} ms  (${timing.totalItem} matching)`,
    );
  }
  console.log(`  export ${JSON.stringify((r as { export?: unknown }).export)}`);
}
