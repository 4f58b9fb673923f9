import { type Db, schema } from "@sms/db";
import {
  AUDIT_ACTION,
  SMSC_ENV_MANAGED_FIELDS,
  type SmscConnectionKind,
  type SmscIdFormat,
  type TSmscConnection,
  type TSmscConnectionHealth,
  type ZCreateSmscConnectionRequest,
  ZSmscConnectionShape,
  type ZUpdateSmscConnectionRequest,
} from "@sms/domain";
import { asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Config } from "../../config.ts";
import { AppError } from "../../errors.ts";
import type { ConnectionSpec } from "../../gateway/connection-spec.ts";
import type { ConnectionEntry } from "../../gateway/registry.ts";
import { recordAudit } from "../../platform/audit.ts";
import { healthByConnection } from "./connection-health.ts";
import type { SecretBox } from "./secret-box.ts";

const c = schema.smscConnections;
type Row = typeof c.$inferSelect;

export function presentConnection(
  row: Row,
  activeId: number | null,
  health: TSmscConnectionHealth | null = null,
): TSmscConnection {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as SmscConnectionKind,
    enabled: row.enabled,
    priority: row.priority,
    host: row.host,
    port: row.port,
    system_id: row.systemId,
    password: row.fromEnv && row.kind === "smpp" ? "env" : row.passwordEncrypted ? "stored" : "none",
    system_type: row.systemType,
    binds: row.binds,
    window: row.window,
    tps: row.tps,
    submit_id_format: row.submitIdFormat as SmscIdFormat,
    receipt_id_format: row.receiptIdFormat as SmscIdFormat,
    from_env: row.fromEnv,
    active: row.id === activeId,
    health,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The audit keeps what staff see; never the password, only that it changed. */
const audited = (row: Row) => {
  const { created_at: _c, updated_at: _u, active: _a, health: _h, ...rest } = presentConnection(row, null);
  return rest;
};

/** The connection new work goes to: the first enabled one by order (until routes, issue 26 point 2). */
const byOrder = [asc(c.priority), asc(c.id)];

export async function listConnections(db: Db): Promise<TSmscConnection[]> {
  const rows = await db
    .select()
    .from(c)
    .orderBy(...byOrder);
  const active = rows.find((r) => r.enabled)?.id ?? null;
  const health = await healthByConnection(db);
  return rows.map((row) => presentConnection(row, active, health.get(row.id) ?? null));
}

async function activeId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: c.id })
    .from(c)
    .where(eq(c.enabled, true))
    .orderBy(...byOrder)
    .limit(1);
  return row?.id ?? null;
}

/** What a name clash looks like: the unique index on lower(name). */
function nameTaken(error: unknown, name: string): never {
  const code =
    (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
  if (code === "23505") throw new AppError("CONFLICT", { messageKey: "smsc.name_taken", params: { name } });
  throw error;
}

function needBox(box: SecretBox | null): SecretBox {
  if (!box) throw new AppError("CONFLICT", { messageKey: "smsc.secret_key_missing" });
  return box;
}

type CreateFields = z.output<typeof ZCreateSmscConnectionRequest>;
type UpdateFields = z.output<typeof ZUpdateSmscConnectionRequest>;

/** The SMPP settings of a simulator are meaningless: it keeps none. */
function smppColumns(kind: string, f: Partial<CreateFields>) {
  if (kind !== "smpp") return { host: null, port: null, systemId: null, passwordEncrypted: null };
  return {
    ...(f.host !== undefined ? { host: f.host } : {}),
    ...(f.port !== undefined ? { port: f.port } : {}),
    ...(f.system_id !== undefined ? { systemId: f.system_id } : {}),
  };
}

const tuning = (f: Partial<CreateFields>) => ({
  ...(f.name !== undefined ? { name: f.name } : {}),
  ...(f.enabled !== undefined ? { enabled: f.enabled } : {}),
  ...(f.priority !== undefined ? { priority: f.priority } : {}),
  ...(f.system_type !== undefined ? { systemType: f.system_type } : {}),
  ...(f.binds !== undefined ? { binds: f.binds } : {}),
  ...(f.window !== undefined ? { window: f.window } : {}),
  ...(f.tps !== undefined ? { tps: f.tps } : {}),
  ...(f.submit_id_format !== undefined ? { submitIdFormat: f.submit_id_format } : {}),
  ...(f.receipt_id_format !== undefined ? { receiptIdFormat: f.receipt_id_format } : {}),
});

export async function createConnection(
  db: Db,
  box: SecretBox | null,
  { staffUserId, fields }: { staffUserId: number; fields: CreateFields },
): Promise<TSmscConnection> {
  const passwordEncrypted =
    fields.kind === "smpp" && fields.password !== undefined ? needBox(box).seal(fields.password) : null;
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(c)
        .values({
          kind: fields.kind,
          name: fields.name,
          ...tuning(fields),
          ...smppColumns(fields.kind, fields),
          passwordEncrypted,
        })
        .returning();
      if (!row) throw new Error("smsc connection insert returned no row");
      await recordAudit(tx, {
        actorUserId: staffUserId,
        action: AUDIT_ACTION.createSmscConnection,
        targetType: "smsc_connection",
        targetId: row.id,
        after: audited(row),
      });
      return presentConnection(row, await activeId(tx));
    })
    .catch((error) => (error instanceof AppError ? Promise.reject(error) : nameTaken(error, fields.name)));
}

export async function updateConnection(
  db: Db,
  box: SecretBox | null,
  { staffUserId, id, fields }: { staffUserId: number; id: number; fields: UpdateFields },
): Promise<TSmscConnection> {
  return db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(c).where(eq(c.id, id)).for("update");
      if (!before) throw new AppError("NOT_FOUND");
      if (before.fromEnv && SMSC_ENV_MANAGED_FIELDS.some((key) => fields[key] !== undefined))
        throw new AppError("CONFLICT", { messageKey: "smsc.env_managed" });
      const shape = ZSmscConnectionShape.safeParse({
        kind: before.kind,
        host: fields.host !== undefined ? fields.host : before.host,
        port: fields.port !== undefined ? fields.port : before.port,
        system_id: fields.system_id !== undefined ? fields.system_id : before.systemId,
      });
      if (!shape.success)
        throw new AppError("VALIDATION", {
          details: shape.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
        });
      const passwordEncrypted =
        before.kind === "smpp" && fields.password !== undefined
          ? needBox(box).seal(fields.password)
          : undefined;
      const changes = {
        ...tuning(fields),
        ...(before.kind === "smpp" ? smppColumns("smpp", fields) : {}),
        ...(passwordEncrypted !== undefined ? { passwordEncrypted } : {}),
      };
      if (Object.keys(changes).length === 0) return presentConnection(before, await activeId(tx));
      const [after] = await tx
        .update(c)
        .set({ ...changes, version: sql`${c.version} + 1`, updatedAt: new Date() })
        .where(eq(c.id, id))
        .returning();
      if (!after) throw new AppError("NOT_FOUND");
      await recordAudit(tx, {
        actorUserId: staffUserId,
        action: AUDIT_ACTION.updateSmscConnection,
        targetType: "smsc_connection",
        targetId: id,
        before: audited(before),
        after: { ...audited(after), ...(passwordEncrypted !== undefined ? { password_changed: true } : {}) },
      });
      return presentConnection(after, await activeId(tx));
    })
    .catch((error) =>
      error instanceof AppError ? Promise.reject(error) : nameTaken(error, fields.name ?? ""),
    );
}

/** The environment's connection as SMS_GATEWAY and SMPP_* describe it now. */
export function envConnection(config: Config) {
  const smpp = config.smpp;
  if (config.smsGateway === "smpp" && smpp)
    return {
      kind: "smpp" as const,
      name: "SMPP (environment)",
      host: smpp.host,
      port: smpp.port,
      systemId: smpp.systemId,
      systemType: smpp.systemType ?? "",
      binds: smpp.binds ?? 1,
      window: smpp.window ?? 10,
      tps: smpp.tps ?? 50,
      submitIdFormat: smpp.submitIdFormat ?? "text",
      receiptIdFormat: smpp.receiptIdFormat ?? "text",
    };
  return {
    kind: "simulator" as const,
    name: "Simulator (environment)",
    host: null,
    port: null,
    systemId: null,
    systemType: "",
    binds: 1,
    window: 10,
    tps: config.simulator.tps,
    submitIdFormat: "text",
    receiptIdFormat: "text",
  };
}

/**
 * Keeps the one environment row equal to the environment (ADR 65): created on the first start, so an
 * existing deployment sends as before; re-synced on every start, its version bumped only when
 * something changed (processes started with the same environment never rebuild each other's binds).
 * `enabled` and `priority` stay as staff set them.
 */
export async function syncEnvConnection(db: Db, config: Config): Promise<void> {
  const env = envConnection(config);
  const changed = sql`(${c.kind}, ${c.name}, ${c.host}, ${c.port}, ${c.systemId}, ${c.systemType}, ${c.binds}, ${c.window}, ${c.tps}, ${c.submitIdFormat}, ${c.receiptIdFormat}) is distinct from (excluded.kind, excluded.name, excluded.host, excluded.port, excluded.system_id, excluded.system_type, excluded.binds, excluded.window, excluded.tps, excluded.submit_id_format, excluded.receipt_id_format)`;
  await db
    .insert(c)
    .values({ ...env, fromEnv: true, passwordEncrypted: null })
    .onConflictDoUpdate({
      target: c.fromEnv,
      targetWhere: sql`${c.fromEnv}`,
      set: {
        kind: sql`excluded.kind`,
        name: sql`excluded.name`,
        host: sql`excluded.host`,
        port: sql`excluded.port`,
        systemId: sql`excluded.system_id`,
        systemType: sql`excluded.system_type`,
        binds: sql`excluded.binds`,
        window: sql`excluded.window`,
        tps: sql`excluded.tps`,
        submitIdFormat: sql`excluded.submit_id_format`,
        receiptIdFormat: sql`excluded.receipt_id_format`,
        version: sql`${c.version} + 1`,
        updatedAt: sql`now()`,
      },
      setWhere: changed,
    });
}

/**
 * The enabled connections with what the registry needs to build each; passwords are opened here, in
 * memory only. An SMPP connection whose password cannot be opened (no SMSC_SECRET_KEY, or another
 * key than the one that sealed it) is left out with a warning: binding with a wrong password would
 * only get the account locked at the SMSC.
 */
export async function loadConnectionEntries(
  db: Db,
  box: SecretBox | null,
  config: Config,
  warn: (message: string) => void,
): Promise<ConnectionEntry<ConnectionSpec>[]> {
  const rows = await db.select().from(c).where(eq(c.enabled, true));
  const entries: ConnectionEntry<ConnectionSpec>[] = [];
  for (const row of rows) {
    const spec = specOf(row, box, config);
    if (!spec) {
      warn(
        `connection ${row.id} (${row.name}) is left out: its password cannot be opened with SMSC_SECRET_KEY`,
      );
      continue;
    }
    entries.push({
      id: row.id,
      version: row.version,
      enabled: row.enabled,
      priority: row.priority,
      spec,
      // Receipts matched per connection (issue 26 point 3, ADR 71): an added SMPP connection's ids
      // get their own namespace; the environment's and the simulators' stay bare.
      namespace: row.kind === "smpp" && !row.fromEnv ? `c${row.id}:` : "",
    });
  }
  return entries;
}

function specOf(row: Row, box: SecretBox | null, config: Config): ConnectionSpec | null {
  if (row.kind !== "smpp") return { kind: "simulator", id: row.id, tps: row.tps };
  let password: string | null = null;
  if (row.fromEnv) password = config.smpp?.password ?? null;
  else if (row.passwordEncrypted && box) {
    try {
      password = box.open(row.passwordEncrypted);
    } catch {
      password = null;
    }
  }
  if (password === null) return null;
  return {
    kind: "smpp",
    id: row.id,
    host: row.host ?? "",
    port: row.port ?? 2775,
    systemId: row.systemId ?? "",
    password,
    systemType: row.systemType,
    binds: row.binds,
    window: row.window,
    tps: row.tps,
    submitIdFormat: row.submitIdFormat as SmscIdFormat,
    receiptIdFormat: row.receiptIdFormat as SmscIdFormat,
  };
}
