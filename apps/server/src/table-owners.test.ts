import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { schema } from "@sms/db";
import { getTableName, isTable } from "drizzle-orm";
import { describe, expect, it } from "vitest";

/**
 * Who may WRITE each table (ADR 68, ADR 87): every table has one owning module, and a module other than
 * those listed that inserts, updates or deletes it must go through the owner's index.ts instead.
 * The scan reads the server's production source (tests, benches and the chaos run may write
 * anything): drizzle's `.insert(t)`/`.update(t)`/`.delete(t)` on the table object (`schema.x` or a
 * local alias), raw SQL `insert into x`/`update x`/`delete from x`, and an import of @sms/db's
 * createOrganization. A table written in src/ that is not listed here fails too: a new table gets
 * its owner when it gets its first writer. Keys outside `modules/` are top folders (platform, …).
 */
const WRITERS: Record<string, readonly string[]> = {
  // The tables whose rules are the product.
  // Born in the acceptance of their send (sending: inserted, or removed again with an
  // unpublished sliced acceptance), then the engine's (claims, outcomes, receipts).
  messages: ["sending", "engine"],
  // The owner; the balance changes only through a credit entry (the ledger's trigger).
  organizations: ["organizations"],
  credit_entries: ["credits"],
  // The engine's delta rollups: every statement is built in engine/message-rollups.ts.
  message_daily_counts: ["engine"],
  // The analytics' rollup of past days (ADR 106): built in engine/analytics-rollups.ts.
  message_analytics_daily: ["engine"],
  message_analytics_days: ["engine"],
  message_analytics_stale: ["engine"],
  // The owner (campaign-rows.ts): sending, the engine (a send's dispatch status) and refunds go
  // through its index.ts.
  campaigns: ["campaigns"],

  // Once written by a second module too (ADR 87): contact imports add contacts with the contacts
  // module's insertGroupContactsSql; the engine's receipt transactions add suppressions with
  // suppressReportedBlocks / suppressStopRepliesSql and queue webhook deliveries with the webhooks
  // module's queueDeliveriesCte; the organization switch is auth's (it sets users'
  // default_organization_id); the development mailbox stores its e-mails with the gateway's
  // storeDevMail. A second writer fails the test below.
  contacts: ["contacts"],
  contact_consents: ["contacts"],
  consent_wordings: ["contacts"],
  suppressions: ["suppressions"],
  webhook_deliveries: ["webhooks"],
  users: ["auth"],
  files: ["platform"],
  dev_messages: ["gateway"],

  // One writer each.
  alert_settings: ["settings"],
  api_credentials: ["api-keys"],
  api_request_logs: ["api-logs"],
  api_idempotency_keys: ["public-api"],
  api_otp_requests: ["public-api"],
  api_send_counters: ["public-api"],
  api_settings: ["api-settings"],
  // The SMPP server (ADR 102–103): its settings and exactly-once claims; the receipt outbox, queued
  // by the engine's statement through smpp-receipts' CTE and sent by the server through its index.
  smpp_settings: ["smpp-server"],
  smpp_submissions: ["smpp-server"],
  smpp_outbox: ["smpp-receipts"],
  otp_deny_ranges: ["otp-guard"],
  otp_guard_blocks: ["otp-guard"],
  otp_guard_counters: ["otp-guard"],
  otp_prefix_holds: ["otp-guard"],
  audit_log: ["platform"],
  auth_sessions: ["auth"],
  campaign_schedules: ["schedules"],
  configurations: ["admin"],
  contact_groups: ["contacts"],
  contact_import_rows: ["contact-imports"],
  contact_imports: ["contact-imports"],
  contact_submissions: ["marketing"],
  document_counters: ["orders"],
  free_trial_phones: ["orders"],
  holidays: ["admin"],
  inbound_messages: ["engine"],
  auto_reply_rules: ["inbox"],
  link_clicks: ["links"],
  login_counters: ["auth"],
  login_locks: ["auth"],
  otp_codes: ["otp"],
  member_invitations: ["organizations"],
  members: ["organizations"],
  message_exports: ["message-exports"],
  message_parts: ["engine"],
  message_staging: ["sending"],
  orders: ["orders"],
  packages: ["admin"],
  pending_receipts: ["engine"],
  refresh_tokens: ["auth"],
  schedule_runs: ["schedules"],
  sender_evidence_files: ["senders"],
  senders: ["senders"],
  sms_templates: ["templates"],
  smsc_connections: ["smsc-connections"],
  smsc_routes: ["smsc-connections"],
  operator_prefixes: ["smsc-connections"],
  smsc_connection_health: ["smsc-connections"],
  smsc_connection_health_reports: ["smsc-connections"],
  tnc_logs: ["auth"],
  tracked_links: ["links"],
  opt_out_links: ["opt-outs"],
  trusted_devices: ["auth"],
  webhook_attempts: ["webhooks"],
  whitelist_ips: ["api-keys"],
};

/** drizzle table objects (schema keys) by their SQL names. */
const TABLE_OBJECTS: Record<string, string> = Object.fromEntries(
  Object.entries(schema).flatMap(([key, value]) => (isTable(value) ? [[key, getTableName(value)]] : [])),
);
const TABLE_NAMES = new Set(Object.values(TABLE_OBJECTS));

const src = fileURLToPath(new URL(".", import.meta.url));

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test" ? [] : productionFiles(path);
    return /\.ts$/.test(entry.name) && !/\.(test|chaos|bench)\.ts$/.test(entry.name) ? [path] : [];
  });
}

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

/** The tables a source text writes, by the patterns above. */
function writtenTables(source: string, only?: "insert"): Set<string> {
  const text = withoutComments(source);
  const aliases = new Map<string, string[]>();
  const alias = (name: string, table: string) => aliases.set(name, [...(aliases.get(name) ?? []), table]);
  for (const m of text.matchAll(/\b(?:const|let)\s+(\w+)\s*=\s*schema\.(\w+)\s*;/g))
    alias(m[1] ?? "", m[2] ?? "");
  for (const m of text.matchAll(/\b(?:const|let)\s*\{([^}]*)\}\s*=\s*schema\s*;/g)) {
    for (const part of (m[1] ?? "").split(",")) {
      const [table, local] = part.split(":").map((s) => s.trim());
      if (table) alias(local || table, table);
    }
  }
  const written = new Set<string>();
  const drizzleWrite = only
    ? /\.insert\(\s*(schema\.)?(\w+)\s*\)/g
    : /\.(?:insert|update|delete)\(\s*(schema\.)?(\w+)\s*\)/g;
  const sqlWrite = only
    ? /\binsert\s+into\s+"?(\w+)"?/gi
    : /\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi;
  for (const m of text.matchAll(drizzleWrite)) {
    const tables = m[1] ? [m[2] ?? ""] : (aliases.get(m[2] ?? "") ?? []);
    for (const t of tables) {
      const name = TABLE_OBJECTS[t];
      if (name) written.add(name);
    }
  }
  for (const m of text.matchAll(sqlWrite)) {
    const name = (m[1] ?? "").toLowerCase();
    if (TABLE_NAMES.has(name)) written.add(name);
  }
  // packages/db's insert of an organization (its owner and membership with it).
  if (/import\s*\{[^}]*\bcreateOrganization\b[^}]*\}\s*from\s*"@sms\/db"/.test(text))
    written.add("organizations");
  return written;
}

/** `modules/<name>/…` → the module; anything else (platform, jobs, plugins, …) → its top folder. */
function ownerOf(file: string): string {
  const [top, name] = relative(src, file).split(sep);
  return top === "modules" ? (name ?? top) : (top ?? "");
}

describe("table owners (ADR 68, ADR 87)", () => {
  it("finds each kind of write it is meant to find", () => {
    expect(writtenTables("await tx.insert(schema.creditEntries).values(rows)")).toEqual(
      new Set(["credit_entries"]),
    );
    expect(
      writtenTables("const o = schema.organizations;\nawait db\n  .update(o)\n  .set({ name })"),
    ).toEqual(new Set(["organizations"]));
    expect(writtenTables("const { messages: m } = schema;\nawait tx.delete(m).where(x)")).toEqual(
      new Set(["messages"]),
    );
    expect(writtenTables("sql`update messages m set status = 'failed'`")).toEqual(new Set(["messages"]));
    expect(writtenTables("sql`insert into message_daily_counts (organization_id) select 1`")).toEqual(
      new Set(["message_daily_counts"]),
    );
    expect(writtenTables("sql`DELETE FROM credit_entries where id = 1`")).toEqual(
      new Set(["credit_entries"]),
    );
    expect(writtenTables('import { createOrganization, schema } from "@sms/db";')).toEqual(
      new Set(["organizations"]),
    );
    expect(writtenTables('import { createOrganization } from "../organizations/index.ts";')).toEqual(
      new Set(),
    );
  });

  it("does not take reads, row locks or comments for writes", () => {
    expect(
      writtenTables(
        [
          "const o = schema.organizations;",
          "await tx.select().from(o).where(eq(o.id, 1)).for('update');",
          "sql`select * from messages m for update of m`;",
          "sql`on conflict (organization_id) do update set webhook_secret_sealed = excluded.x`;",
          "// we update organizations here, in a comment",
          "createHash('sha256').update(secret).digest()",
        ].join("\n"),
      ),
    ).toEqual(new Set());
  });

  it("lets only the listed modules write each table: messages, organizations, credit_entries, contacts, suppressions, webhook_deliveries, users, dev_messages and every other", () => {
    const found: Record<string, Set<string>> = {};
    const outside: string[] = [];
    for (const file of productionFiles(src)) {
      for (const table of writtenTables(readFileSync(file, "utf8"))) {
        const module = ownerOf(file);
        found[table] = new Set([...(found[table] ?? []), module]);
        if (!WRITERS[table]?.includes(module)) outside.push(`${relative(src, file)} writes ${table}`);
      }
    }
    expect(outside).toEqual([]);
    // The list stays exact: a module that stopped writing a table leaves it.
    for (const [table, modules] of Object.entries(WRITERS)) {
      expect([...(found[table] ?? [])].sort(), table).toEqual([...modules].sort());
    }
  });

  it("inserts campaign rows in one place, for the one acceptance of every send (ADR 68)", () => {
    const files = productionFiles(src);
    const inserting = files
      .filter((file) => writtenTables(readFileSync(file, "utf8"), "insert").has("campaigns"))
      .map((file) => relative(src, file));
    expect(inserting).toEqual([join("modules", "campaigns", "campaign-rows.ts")]);
    const callers = files
      .filter((file) => /\binsertCampaignRows\(/.test(withoutComments(readFileSync(file, "utf8"))))
      .map((file) => relative(src, file));
    expect(callers.sort()).toEqual(
      [join("modules", "campaigns", "campaign-rows.ts"), join("modules", "sending", "accept-send.ts")].sort(),
    );
  });
});
