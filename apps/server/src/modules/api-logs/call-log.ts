import { type Db, pgArray } from "@sms/db";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** One /api/v2 call as it is stored (api_request_logs). Nothing here can hold a secret or an OTP code. */
export interface ApiCallRow {
  createdAt: Date;
  organizationId: number;
  /** The key presented, only when it is one of ours (a public identifier). */
  apiKey: string | null;
  keyKind: "sms" | "otp" | null;
  ip: string;
  method: string;
  endpoint: string;
  status: number;
  errorCode: string | null;
  latencyMs: number;
  messageIds: readonly number[];
}

export interface ApiCallLogOptions {
  /** How often the buffer is written; 1 s by default. */
  flushMs?: number;
  /** Rows per statement. */
  batchRows?: number;
  /** Rows held at most while the database does not take them; newer calls are dropped (and counted). */
  maxBuffered?: number;
  /** Told when a batch could not be written (its rows are dropped, never retried forever). */
  onError?: (error: unknown, rows: number) => void;
}

/**
 * The public API's request log writer (ADR 92). A call never waits for its log row: `record` only
 * pushes to an in-memory buffer, and a timer writes the buffer every second as one multi-row
 * INSERT … SELECT FROM unnest(…) per batch (a fixed 12 parameters, whatever the rows), one batch in
 * flight at a time. `close()` writes what is left (the app's onClose, before the database closes).
 * The timer is made here, outside any request, so on PGlite the writes queue as background work,
 * behind the requests (ADR 29); on PostgreSQL they take the background pool's connections.
 */
export class ApiCallLog {
  readonly #db: Db;
  readonly #batchRows: number;
  readonly #maxBuffered: number;
  readonly #onError: (error: unknown, rows: number) => void;
  readonly #timer: NodeJS.Timeout;
  #buffer: ApiCallRow[] = [];
  #flushing: Promise<void> = Promise.resolve();
  #dropped = 0;
  #closed = false;

  constructor(db: Db, options: ApiCallLogOptions = {}) {
    this.#db = db;
    this.#batchRows = options.batchRows ?? 5_000;
    this.#maxBuffered = options.maxBuffered ?? 100_000;
    this.#onError = options.onError ?? (() => {});
    this.#timer = setInterval(() => void this.flush(), options.flushMs ?? 1_000);
    this.#timer.unref();
  }

  /** Calls dropped because the buffer was full (the database refused or lagged). */
  get dropped(): number {
    return this.#dropped;
  }

  record(row: ApiCallRow): void {
    if (this.#buffer.length >= this.#maxBuffered) {
      this.#dropped += 1;
      return;
    }
    this.#buffer.push(row);
  }

  /** Writes everything recorded so far; resolves when it is stored (tests, shutdown). */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#writeAll());
    return this.#flushing;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#timer);
    await this.flush();
  }

  async #writeAll(): Promise<void> {
    while (this.#buffer.length > 0) {
      const batch = this.#buffer.splice(0, this.#batchRows);
      try {
        await insertApiCalls(this.#db, batch);
      } catch (error) {
        this.#onError(error, batch.length);
      }
    }
  }
}

/** One statement for a batch of rows: each column an array parameter, unnested together. */
export async function insertApiCalls(db: Db, rows: readonly ApiCallRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into api_request_logs
      (created_at, organization_id, api_key, key_kind, ip, method, endpoint, status, error_code, latency_ms, message_ids)
    select c, o, k, kk, ip, m, e, s, ec, l, mi::bigint[]
      from unnest(
        ${pgArray(rows.map((r) => r.createdAt.toISOString()))}::timestamptz[],
        ${pgArray(rows.map((r) => r.organizationId))}::int[],
        ${pgArray(rows.map((r) => r.apiKey))}::text[],
        ${pgArray(rows.map((r) => r.keyKind))}::text[],
        ${pgArray(rows.map((r) => r.ip))}::text[],
        ${pgArray(rows.map((r) => r.method))}::text[],
        ${pgArray(rows.map((r) => r.endpoint))}::text[],
        ${pgArray(rows.map((r) => r.status))}::smallint[],
        ${pgArray(rows.map((r) => r.errorCode))}::text[],
        ${pgArray(rows.map((r) => r.latencyMs))}::int[],
        ${pgArray(rows.map((r) => `{${r.messageIds.join(",")}}`))}::text[]
      ) as u(c, o, k, kk, ip, m, e, s, ec, l, mi)`);
}

/** What a route learns about its call while handling it; read when the answer has gone. */
interface CallNote {
  organizationId?: number;
  apiKey?: string;
  keyKind?: "sms" | "otp";
  errorCode?: string;
  messageIds?: readonly number[];
}

const notes = new WeakMap<FastifyRequest, CallNote>();

function noteOf(request: FastifyRequest): CallNote {
  let note = notes.get(request);
  if (!note) {
    note = {};
    notes.set(request, note);
  }
  return note;
}

/**
 * The organization a call belongs to and the key it presented: set once the key is found, also
 * when the call is then refused (wrong secret, whitelist, suspension), so the organization sees
 * those too. A call with no key of ours belongs to no organization and is not logged.
 */
export function noteApiCaller(
  request: FastifyRequest,
  caller: { organizationId: number; apiKey: string; keyKind: "sms" | "otp" },
): void {
  Object.assign(noteOf(request), caller);
}

/** The public error name (ERROR_…) the call was answered with. */
export function noteApiError(request: FastifyRequest, errorCode: string): void {
  noteOf(request).errorCode = errorCode;
}

/** The messages the call created. */
export function noteApiMessages(request: FastifyRequest, messageIds: readonly number[]): void {
  noteOf(request).messageIds = messageIds;
}

/**
 * Logs every call of this plugin's scope when its answer has been sent (onResponse: the call's
 * latency is final and nothing waits on the log). Called by the SMS and the OTP API plugins.
 */
export function logApiCalls(app: FastifyInstance): void {
  app.addHook("onResponse", (request: FastifyRequest, reply: FastifyReply, done) => {
    const note = notes.get(request);
    if (note?.organizationId !== undefined) {
      const latencyMs = reply.elapsedTime;
      app.apiCallLog.record({
        createdAt: new Date(Date.now() - latencyMs),
        organizationId: note.organizationId,
        apiKey: note.apiKey ?? null,
        keyKind: note.keyKind ?? null,
        ip: request.ip,
        method: request.method,
        endpoint: request.routeOptions.url ?? request.url.split("?")[0] ?? "",
        status: reply.statusCode,
        errorCode: note.errorCode ?? null,
        latencyMs: Math.max(0, Math.round(latencyMs)),
        messageIds: note.messageIds ?? [],
      });
    }
    done();
  });
}
