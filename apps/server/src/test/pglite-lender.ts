import { createDb, type DbHandle, type PGliteClient, pgliteHandle } from "@sms/db";

/**
 * Test databases on PGlite, lent to file after file (ADR 122).
 *
 * Opening a database from the run's snapshot costs about 1.7 s of CPU (a thread, PostgreSQL's
 * WebAssembly instance, 46 MB of data files unpacked), and the server suite opens about 120. A
 * database given back is put back as the snapshot left it, in a fraction of that, and lent again:
 * - its data: the tables that have rows emptied (with those whose foreign keys point at them), the
 *   seeded tables whose rows changed given the snapshot's rows back, every sequence set back;
 * - its session: settings reset, advisory locks released;
 * - its schema is compared with the snapshot's; a database whose tables, columns, defaults,
 *   triggers, constraints, functions, types, policies or grants changed is closed, never lent again.
 * Each borrower gets a handle of its own: after it is given back, that handle's calls fail (as on a
 * closed database), and what it still listened to is unlistened, so a timer left behind by one file
 * never writes into the next file's database.
 */

/** The user schemas' catalog, to see that a borrower changed no table, function, trigger or grant. */
const SCHEMA_FINGERPRINT = `
with ns as (
  select oid, nspname from pg_namespace
  where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_toast%'
    and nspname not like 'pg\\_temp%'
)
select md5(string_agg(x, '|' order by x)) as fingerprint from (
  select 'n:' || nspname || ':' || coalesce(n.nspacl::text, '') as x from pg_namespace n where oid in (select oid from ns)
  union all
  select 'c:' || c.oid || ':' || c.relname || ':' || c.relkind::text || ':' || c.relrowsecurity || ':'
    || c.relforcerowsecurity || ':' || coalesce(c.reloptions::text, '') || ':' || coalesce(c.relacl::text, '')
  from pg_class c where c.relnamespace in (select oid from ns)
  union all
  select 'a:' || a.attrelid || ':' || a.attnum || ':' || a.attname || ':' || a.atttypid || ':' || a.atttypmod
    || ':' || a.attnotnull || ':' || a.attisdropped || ':' || a.attgenerated::text || ':' || a.attidentity::text
  from pg_attribute a join pg_class c on c.oid = a.attrelid
  where c.relnamespace in (select oid from ns) and a.attnum > 0
  union all
  select 'd:' || d.oid || ':' || pg_get_expr(d.adbin, d.adrelid)
  from pg_attrdef d join pg_class c on c.oid = d.adrelid where c.relnamespace in (select oid from ns)
  union all
  select 't:' || t.oid || ':' || t.tgname || ':' || t.tgenabled::text
  from pg_trigger t join pg_class c on c.oid = t.tgrelid where c.relnamespace in (select oid from ns)
  union all
  select 'k:' || k.oid || ':' || k.conname || ':' || k.convalidated
  from pg_constraint k where k.connamespace in (select oid from ns)
  union all
  select 'p:' || p.oid || ':' || md5(coalesce(p.prosrc, '')) || ':' || coalesce(p.proacl::text, '')
  from pg_proc p where p.pronamespace in (select oid from ns)
  union all
  select 'y:' || y.oid from pg_type y where y.typnamespace in (select oid from ns)
  union all
  select 'r:' || r.oid || ':' || r.ev_enabled::text from pg_rewrite r join pg_class c on c.oid = r.ev_class
  where c.relnamespace in (select oid from ns)
  union all
  select 'o:' || o.oid || ':' || o.polname from pg_policy o
  union all
  select 'q:' || s.seqrelid || ':' || s.seqincrement || ':' || s.seqmin || ':' || s.seqmax || ':' || s.seqcycle
  from pg_sequence s
  union all
  select 'g:' || coalesce(array_to_string(setconfig, ','), '') from pg_db_role_setting
  union all
  select 'u:' || rolname || ':' || rolsuper from pg_roles
  union all
  select 'e:' || extname || ':' || extversion from pg_extension
) q`;

const TABLES = `
select format('%I.%I', n.nspname, c.relname) as name
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'p') and not c.relispartition
  and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
order by 1`;

const SEQUENCES = `
select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value)::text as value,
  last_value is not null as called
from pg_sequences order by 1`;

/** Foreign keys between tables (partitions counted as their partitioned table). */
const REFERENCES = `
select distinct format('%I.%I', fn.nspname, f.relname) as referencing, format('%I.%I', tn.nspname, t.relname) as referenced
from pg_constraint k
join pg_class f on f.oid = coalesce(pg_partition_root(k.conrelid), k.conrelid)
join pg_namespace fn on fn.oid = f.relnamespace
join pg_class t on t.oid = coalesce(pg_partition_root(k.confrelid), k.confrelid)
join pg_namespace tn on tn.oid = t.relnamespace
where k.contype = 'f'`;

const rowsHash = (table: string) =>
  `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${table} t)`;

interface Baseline {
  fingerprint: string;
  /** Every table (partitioned ones by their parent). */
  tables: string[];
  /** For each table, the tables whose foreign keys point at it: what TRUNCATE must empty with it. */
  referencedBy: Map<string, string[]>;
  /** The snapshot's rows of the tables that have some, as COPY wrote them, and their hash. */
  seeded: Map<string, { copy: Blob; hash: string }>;
  sequences: { name: string; value: string; called: boolean }[];
  /** One statement: per table whether it has rows, and per seeded table the hash of its rows. */
  survey: string;
}

/** What PGlite answers (PGlite itself and PGliteRemote, `@sms/db`). */
type Client = PGliteClient & {
  query<T>(
    text: string,
    params?: unknown[],
    options?: { blob?: Blob },
  ): Promise<{ rows: T[]; blob?: Blob | undefined }>;
};

/** The schema's fingerprint, as the lender compares it with the snapshot's. */
export async function fingerprintOf(client: Pick<Client, "query">): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  return rows[0]?.fingerprint ?? "";
}

async function baselineOf(client: Client): Promise<Baseline> {
  const tables = (await client.query<{ name: string }>(TABLES)).rows.map((r) => r.name);
  const referencedBy = new Map<string, string[]>();
  for (const { referencing, referenced } of (
    await client.query<{ referencing: string; referenced: string }>(REFERENCES)
  ).rows) {
    referencedBy.set(referenced, [...(referencedBy.get(referenced) ?? []), referencing]);
  }
  const seeded: Baseline["seeded"] = new Map();
  for (const table of tables) {
    const { rows } = await client.query<{ any: boolean; hash: string }>(
      `select exists (select from ${table}) as any, ${rowsHash(table)} as hash`,
    );
    if (!rows[0]?.any) continue;
    const { blob } = await client.query(`copy ${table} to '/dev/blob'`);
    if (!blob) throw new Error(`COPY of ${table} gave no data`);
    seeded.set(table, { copy: blob, hash: rows[0].hash });
  }
  const sequences = (await client.query<Baseline["sequences"][number]>(SEQUENCES)).rows;
  const survey = `select ${[
    ...tables.map((table, i) => `exists (select from ${table}) as e${i}`),
    ...[...seeded.keys()].map((table, i) => `${rowsHash(table)} as h${i}`),
  ].join(", ")}`;
  return { fingerprint: await fingerprintOf(client), tables, referencedBy, seeded, sequences, survey };
}

/** Puts a database back as the snapshot left it; false when its schema changed (not to lend again). */
async function restore(client: Client, baseline: Baseline): Promise<boolean> {
  if ((await fingerprintOf(client)) !== baseline.fingerprint) return false;
  await client.query("reset all");
  await client.query("select pg_advisory_unlock_all()");
  const survey = (await client.query<Record<string, boolean | string>>(baseline.survey)).rows[0] ?? {};
  const seededTables = [...baseline.seeded.keys()];
  // Tables a borrower wrote to: emptied, with every table whose foreign keys point at them.
  const truncate = new Set(
    baseline.tables.filter((table, i) => survey[`e${i}`] === true && !baseline.seeded.has(table)),
  );
  for (const table of truncate)
    for (const referencing of baseline.referencedBy.get(table) ?? []) truncate.add(referencing);
  // Seeded tables whose rows changed (or that the truncation takes with it) get the snapshot's back.
  const reseed = seededTables.filter(
    (table, i) => truncate.has(table) || survey[`h${i}`] !== baseline.seeded.get(table)?.hash,
  );
  await client.transaction(async (tx) => {
    const q = tx as unknown as Client;
    // Without triggers and foreign-key checks: the rows come back as they were, nothing fires twice.
    await q.query("set local session_replication_role = replica");
    if (truncate.size > 0) await q.query(`truncate ${[...truncate].join(", ")}`);
    for (const table of reseed) {
      if (!truncate.has(table)) await q.query(`delete from ${table}`);
      const seed = baseline.seeded.get(table);
      if (seed) await q.query(`copy ${table} from '/dev/blob'`, [], { blob: seed.copy });
    }
    await q.query(
      `select setval(s.name::regclass, s.value, s.called)
       from json_to_recordset($1::json) as s(name text, value bigint, called boolean)`,
      [JSON.stringify(baseline.sequences)],
    );
  });
  return true;
}

let baseline: Promise<Baseline> | undefined;
const spares: Client[] = [];
let opened = 0;
/** More spares than a file opens at once only hold memory. */
const MAX_SPARES = 2;
/** A database that does not come back clean within this long is closed rather than waited for. */
const RESTORE_MS = 15_000;

/** Lends a database as the snapshot left it: a spare one, or one newly opened from `snapshot`. */
export async function borrowTestDb(snapshot: () => Blob): Promise<DbHandle> {
  let client = spares.pop();
  if (!client) {
    const handle = await createDb({ dataDir: "memory://", loadDataDir: snapshot() });
    if (handle.kind !== "pglite") throw new Error("expected PGlite");
    client = handle.pglite as Client;
    opened++;
    baseline ??= baselineOf(client);
    await baseline;
  }
  return lend(client);
}

function lend(client: Client): DbHandle {
  let lent = true;
  const unlisten = new Set<() => Promise<void>>();
  const view = new Proxy(client, {
    get(target, prop) {
      if (prop === "closed") return !lent || target.closed;
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (!lent) return Promise.reject(new Error("PGlite is closed"));
        const answer = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (prop !== "listen") return answer;
        return (answer as Promise<() => Promise<void>>).then((stop) => {
          const once = async () => {
            if (!unlisten.delete(once)) return;
            await stop();
          };
          unlisten.add(once);
          return once;
        });
      };
    },
  });
  return pgliteHandle(view, async () => {
    if (!lent) return;
    lent = false;
    for (const stop of [...unlisten]) await stop().catch(() => {});
    await giveBack(client);
  });
}

async function giveBack(client: Client): Promise<void> {
  const known = await baseline;
  if (!known || client.closed || spares.length >= MAX_SPARES) return client.close().catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    restore(client, known).then(
      (clean) => (clean ? "clean" : "changed"),
      () => "failed",
    ),
    new Promise<"stuck">((resolve) => {
      timer = setTimeout(() => resolve("stuck"), RESTORE_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  if (outcome === "clean") spares.push(client);
  // A database stuck behind a transaction nobody ends would not answer its close either.
  else if (outcome === "stuck") void client.close().catch(() => {});
  else await client.close().catch(() => {});
}

/** How many databases this worker opened from the snapshot (the rest were lent again). */
export const openedTestDbs = () => opened;
/** How many given-back databases wait to be lent again. */
export const spareTestDbs = () => spares.length;

/** Closes the spare databases (tests of this module; a worker's spares end with its process). */
export async function closeSpareTestDbs(): Promise<void> {
  for (const client of spares.splice(0)) await client.close().catch(() => {});
}
