// `npm run bench:import`: contact imports (issue 11 point 2). Generates a 100,000-row XLSX (exceljs
// streaming writer, phone numbers as numbers, as Excel stores them) and a 1,000,000-row CSV, then
// imports each into an empty group on PGlite (a data directory on disk, as `npm start` uses) and on
// PostgreSQL (a fresh database on BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432;
// skipped with a note when unreachable): the upload through the real route (app.inject), the parse
// job, the confirm and the insert job. Each case runs in its own child process, which reports its
// stage times and its peak RSS. "read" is the file read and classified without a database, run
// first in the same child, so "parse job − read" is what COPY and the classification SQL cost.
// Targets: 100k XLSX ≤ 5 s and ≤ 600 MB on PostgreSQL; 1M CSV ≤ 15 s on PostgreSQL.
// BENCH_IMPORT_BACKENDS (pglite,postgres) and BENCH_IMPORT_CASES (xlsx,csv) narrow a run while
// profiling. Writes bench/results/import.json.
import { execFileSync } from "node:child_process";
import { once } from "node:events";
import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { onFreshPostgres } from "./support/databases.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const XLSX_ROWS = Number(process.env.BENCH_IMPORT_XLSX_ROWS ?? 100_000);
const CSV_ROWS = Number(process.env.BENCH_IMPORT_CSV_ROWS ?? 1_000_000);
const CASES = (process.env.BENCH_IMPORT_CASES ?? "xlsx,csv").split(",") as CaseName[];
const TARGETS = { xlsx: { seconds: 5, rssMb: 600 }, csv: { seconds: 15 } } as const;

type CaseName = "xlsx" | "csv";
const BENCH_PGLITE = (process.env.BENCH_IMPORT_BACKENDS ?? "pglite").includes("pglite");
const BENCH_POSTGRES = (process.env.BENCH_IMPORT_BACKENDS ?? "postgres").includes("postgres");
type Backend = "pglite" | "postgres";

interface CaseResult {
  rows: number;
  fileMb: number;
  stages: { readSeconds: number; uploadSeconds: number; parseJobSeconds: number; insertJobSeconds: number };
  /** Upload + parse job + confirm + insert job (the read-only pass is not part of an import). */
  importSeconds: number;
  peakRssMb: number;
  counts: Record<string, number>;
  contactsInGroup: number;
}

/** The i-th generated number: 10-digit local mobile numbers, every 50th repeated, every 100th broken. */
function phoneOf(i: number): string {
  if (i % 100 === 99) return `12${i}`;
  const n = i % 50 === 49 ? i - 1 : i;
  return `08${String(10_000_000 + n).padStart(8, "0")}`;
}

async function generateCsv(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  out.write("first_name,last_name,phone_number\n");
  for (let i = 0; i < rows; i++) {
    if (!out.write(`Name${i},สกุล${i % 1000},${phoneOf(i)}\n`)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

async function generateXlsx(path: string, rows: number): Promise<void> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true });
  const sheet = workbook.addWorksheet("contacts");
  sheet.addRow(["ชื่อ", "นามสกุล", "เบอร์โทร"]).commit();
  for (let i = 0; i < rows; i++) {
    const phone = phoneOf(i);
    // Excel stores a typed 0812345678 as the number 812345678: the importer must recover the zero.
    const cell = /^0\d{9}$/.test(phone) ? Number(phone) : phone;
    sheet.addRow([`Name${i}`, `สกุล${i % 1000}`, cell]).commit();
  }
  sheet.commit();
  await workbook.commit();
}

// ---------------------------------------------------------------- child: one case on one backend

async function runCase(
  caseName: CaseName,
  backend: Backend,
  file: string,
  target: string,
): Promise<CaseResult> {
  const [
    { createDb, createOrganization, migrate, schema },
    { eq, count },
    { buildApp },
    { loadConfig },
    boss,
    auth,
    csv,
    xlsx,
    rules,
  ] = await Promise.all([
    import("@sms/db"),
    import("drizzle-orm"),
    import("../apps/server/src/app.ts"),
    import("../apps/server/src/config.ts"),
    import("../apps/server/src/jobs/boss.ts"),
    import("../apps/server/src/modules/auth/index.ts"),
    import("../apps/server/src/platform/read-csv.ts"),
    import("../apps/server/src/platform/read-xlsx.ts"),
    import("@sms/domain/rules/contact-import"),
  ]);

  // Read and classify without a database: what parsing alone costs.
  const r0 = performance.now();
  const seen = new Set<number>();
  let read = 0;
  const rows =
    caseName === "xlsx"
      ? xlsx.readXlsxRows(() => createReadStream(file))
      : csv.readCsvRows(createReadStream(file), await csv.detectCsvEncoding(createReadStream(file)));
  for await (const cells of rows) {
    const phone = rules.importPhone(cells[2] ?? null);
    if (phone) seen.add(Number(phone));
    rules.cleanImportText(String(cells[0] ?? ""));
    read += 1;
  }
  const readSeconds = (performance.now() - r0) / 1000;
  seen.clear();

  const dataDir = mkdtempSync(join(tmpdir(), "bench-import-data-"));
  const handle =
    backend === "pglite"
      ? await createDb({ dataDir: target })
      : await createDb({ databaseUrl: target, poolSize: 10 });
  const silent = {
    error() {},
    warn() {},
    info() {},
    debug() {},
    trace() {},
    fatal() {},
    child: () => silent,
  } as never;
  await migrate(handle);
  const jobBoss = await boss.startBoss(handle, silent, { supervise: false });
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-01",
    ADMIN_EMAIL: "bench-admin@example.com",
    ADMIN_PASSWORD: "bench12345",
    DATA_DIR: dataDir,
  });
  const app = await buildApp({ config, dbHandle: handle, boss: jobBoss, logger: false });
  await app.ready();
  try {
    const email = `bench-${caseName}@example.com`;
    const [user] = await handle.db
      .insert(schema.users)
      .values({
        firstName: "Bench",
        lastName: "Import",
        email,
        phoneNumber: "66800000998",
        passwordHash: await auth.hashPassword("bench12345"),
        phoneNumberVerifiedAt: new Date(),
        emailVerifiedAt: new Date(),
      })
      .returning({ id: schema.users.id });
    const org = await createOrganization(handle.db, { name: "Bench", ownerId: user!.id, makeDefault: true });
    const [group] = await handle.db
      .insert(schema.contactGroups)
      .values({ organizationId: org.organizationId, name: "Bench" })
      .returning({ id: schema.contactGroups.id });
    const login = await app.inject({
      method: "POST",
      url: "/api/v1/c/guest/login",
      payload: { username: email, password: "bench12345" },
    });
    const headers = { authorization: `Bearer ${login.json().data.token}` };

    const data = readFileSync(file);
    const boundary = "----bench-import";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.${caseName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const t0 = performance.now();
    const uploaded = await app.inject({
      method: "POST",
      url: `/api/v1/c/contact-groups/${group!.id}/contacts/import`,
      headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    if (uploaded.statusCode !== 202) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
    const importId = uploaded.json().data.id as string;
    const t1 = performance.now();
    await app.jobs.drain();
    const t2 = performance.now();
    const preview = (
      await app.inject({ method: "GET", url: `/api/v1/c/contact-imports/${importId}`, headers })
    ).json().data;
    if (preview.status !== "preview") throw new Error(`parse ended in ${preview.status}: ${preview.error}`);
    const t3 = performance.now();
    const confirmed = await app.inject({
      method: "POST",
      url: `/api/v1/c/contact-imports/${importId}/confirm`,
      headers,
    });
    if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
    await app.jobs.drain();
    const t4 = performance.now();
    const done = (
      await app.inject({ method: "GET", url: `/api/v1/c/contact-imports/${importId}`, headers })
    ).json().data;
    if (done.status !== "completed") throw new Error(`insert ended in ${done.status}`);
    const [inGroup] = await handle.db
      .select({ n: count() })
      .from(schema.contacts)
      .where(eq(schema.contacts.groupId, group!.id));
    return {
      rows: read,
      fileMb: Number((data.length / 1024 / 1024).toFixed(1)),
      stages: {
        readSeconds: Number(readSeconds.toFixed(2)),
        uploadSeconds: Number(((t1 - t0) / 1000).toFixed(2)),
        parseJobSeconds: Number(((t2 - t1) / 1000).toFixed(2)),
        insertJobSeconds: Number(((t4 - t3) / 1000).toFixed(2)),
      },
      importSeconds: Number(((t2 - t0 + (t4 - t3)) / 1000).toFixed(2)),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      counts: {
        total: done.total_rows,
        valid: preview.valid_rows,
        invalid: done.invalid_rows,
        duplicate: done.duplicate_rows,
        existing: done.existing_rows,
        imported: done.imported_rows,
      },
      contactsInGroup: Number(inGroup?.n ?? 0),
    };
  } finally {
    await app.close();
    await jobBoss.stop({ graceful: false, timeout: 1_000, close: handle.kind === "postgres" });
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- parent: files, databases, report

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "bench-import-"));
  const files = { xlsx: join(dir, "contacts.xlsx"), csv: join(dir, "contacts.csv") };
  const results: Record<string, unknown> = {
    generatedAt: new Date().toISOString(),
    node: process.version,
    xlsxRows: XLSX_ROWS,
    csvRows: CSV_ROWS,
    targets: TARGETS,
  };
  try {
    let g = performance.now();
    await generateXlsx(files.xlsx, XLSX_ROWS);
    console.log(`generated ${XLSX_ROWS} rows XLSX in ${((performance.now() - g) / 1000).toFixed(1)} s`);
    g = performance.now();
    await generateCsv(files.csv, CSV_ROWS);
    console.log(`generated ${CSV_ROWS} rows CSV in ${((performance.now() - g) / 1000).toFixed(1)} s`);

    const child = (caseName: CaseName, backend: Backend, target: string): CaseResult => {
      const out = execFileSync(
        process.execPath,
        [
          "--import",
          "tsx",
          fileURLToPath(import.meta.url),
          "--case",
          caseName,
          backend,
          files[caseName],
          target,
        ],
        { cwd: root, encoding: "utf8", maxBuffer: 16 * 1024 * 1024, stdio: ["ignore", "pipe", "inherit"] },
      );
      const line = out.trim().split("\n").pop() ?? "";
      return JSON.parse(line) as CaseResult;
    };

    const pglite: Record<string, unknown> = {};
    for (const caseName of BENCH_PGLITE ? CASES : []) {
      const pgliteDir = join(dir, `pglite-${caseName}`);
      pglite[caseName] = child(caseName, "pglite", pgliteDir);
      rmSync(pgliteDir, { recursive: true, force: true });
      console.log(`pglite   ${caseName}: ${JSON.stringify(pglite[caseName])}`);
    }
    results.pglite = pglite;

    const postgres: Record<string, unknown> = {};
    for (const caseName of BENCH_POSTGRES ? CASES : []) {
      const outcome = await onFreshPostgres(`bench_import_${caseName}_${process.pid}`, async (url) =>
        child(caseName, "postgres", url),
      );
      if ("skipped" in outcome) {
        results.postgres = outcome;
        break;
      }
      postgres[caseName] = outcome;
      console.log(`postgres ${caseName}: ${JSON.stringify(outcome)}`);
    }
    if (!results.postgres) {
      const xlsx = postgres.xlsx as CaseResult | undefined;
      const csv = postgres.csv as CaseResult | undefined;
      results.postgres = {
        ...postgres,
        targetsMet: {
          ...(xlsx
            ? {
                xlsxTime: xlsx.importSeconds <= TARGETS.xlsx.seconds,
                xlsxMemory: xlsx.peakRssMb <= TARGETS.xlsx.rssMb,
              }
            : {}),
          ...(csv ? { csvTime: csv.importSeconds <= TARGETS.csv.seconds } : {}),
        },
      };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(join(root, "bench/results"), { recursive: true });
  writeFileSync(join(root, "bench/results/import.json"), `${JSON.stringify(results, null, 2)}\n`);
  const met = (results.postgres as { targetsMet?: Record<string, boolean> }).targetsMet;
  if (met) console.log(`targets on PostgreSQL: ${JSON.stringify(met)}`);
}

const caseIndex = process.argv.indexOf("--case");
if (caseIndex >= 0) {
  const [caseName, backend, file, target] = process.argv.slice(caseIndex + 1) as [
    CaseName,
    Backend,
    string,
    string,
  ];
  const result = await runCase(caseName, backend, file, target);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
} else {
  await main();
}
