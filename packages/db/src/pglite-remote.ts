import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Worker } from "node:worker_threads";
import type { PGliteOptions } from "@electric-sql/pglite";
import { interactiveScope, type SessionMeter, sessionMeter } from "./priority.ts";

/**
 * The embedded database on its own thread (ADR 29). `PGliteRemote` has the part of PGlite's API that
 * drizzle's PGlite driver, pg-boss's `fromPglite` adapter and our COPY use (`query`, `exec`,
 * `transaction`, `listen`, `dumpDataDir`, `close`), and sends each call to `pglite-thread.mjs`.
 * PGlite still runs one statement at a time; what moves is where: its WebAssembly no longer runs on
 * the thread that answers HTTP, so a long statement delays other queries but never the event loop.
 */

export interface RemoteResults<T = Record<string, unknown>> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
  blob?: Blob;
}

export interface RemoteQueryOptions {
  rowMode?: "array" | "object";
  /** Only identity parsers (drizzle's: dates and intervals kept as text) can cross threads. */
  parsers?: Record<number, (value: string, type: number) => unknown>;
  blob?: Blob;
}

export interface RemoteQueryable {
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: RemoteQueryOptions,
  ): Promise<RemoteResults<T>>;
  exec(text: string, options?: RemoteQueryOptions): Promise<RemoteResults[]>;
}

/** A database error from the thread, with PostgreSQL's fields (`code`, `constraint`, `detail`, …). */
export class PGliteRemoteError extends Error {
  [field: string]: unknown;
  constructor(fields: Record<string, unknown>) {
    super(String(fields.message ?? "database error"));
    Object.assign(this, fields);
    this.name = String(fields.name ?? "DatabaseError");
  }
}

type Reply =
  | { type: "reply"; id: number; ok: true; result: unknown; busyMs?: number }
  | { type: "reply"; id: number; ok: false; error: Record<string, unknown>; busyMs?: number };
type ThreadMessage = Reply | { type: "ready" } | { type: "notify"; channel: string; payload: string };

const THREAD = new URL("./pglite-thread.mjs", import.meta.url);

/** PGlite's WebAssembly modules and its file-system bundle, as `PGlite.create` takes them. */
export type PGliteAssets = Required<
  Pick<PGliteOptions, "pgliteWasmModule" | "initdbWasmModule" | "fsBundle">
>;
type WasmModule = PGliteAssets["pgliteWasmModule"];
/** This package's types have no DOM lib, where `WebAssembly` is declared. */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } })
  .WebAssembly;

let assets: Promise<PGliteAssets> | undefined;

/**
 * PGlite's WebAssembly compiled once per process and handed to each database thread it opens (a
 * `WebAssembly.Module` crosses threads without being compiled again). A thread that loaded and
 * compiled them itself spent about 0.5 s of CPU more per database; the server test suite opens one
 * per test file (ADR 64).
 */
export function pgliteAssets(): Promise<PGliteAssets> {
  assets ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    const [pglite, initdb, data] = await Promise.all(
      ["pglite.wasm", "initdb.wasm", "pglite.data"].map((file) => readFile(join(dist, file))),
    );
    return {
      pgliteWasmModule: await wasm.compile(pglite as Buffer),
      initdbWasmModule: await wasm.compile(initdb as Buffer),
      // A copy into a plain ArrayBuffer: the DOM's BlobPart type (the web's typecheck) refuses a Buffer.
      fsBundle: new Blob([new Uint8Array(data as Buffer)]),
    };
  })();
  return assets;
}

function wireOptions(options: RemoteQueryOptions | undefined) {
  if (!options) return undefined;
  const { parsers, ...rest } = options;
  if (!parsers) return rest;
  const parserTypes = Object.keys(parsers).map(Number);
  for (const type of parserTypes) {
    if (parsers[type]?.("1", type) !== "1")
      throw new Error(`only identity parsers cross threads (type ${type})`);
  }
  return { ...rest, parserTypes };
}

export class PGliteRemote implements RemoteQueryable {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: unknown) => void; meter: SessionMeter | undefined }
  >();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #failure: Error | undefined;
  #closed = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (message: ThreadMessage) => this.#receive(message));
    worker.on("error", (error) => this.#fail(error));
    worker.on("exit", (code) => this.#fail(new Error(`the database thread exited (${code})`)));
  }

  /** Starts the thread and opens the database (`dataDir` may be `memory://…`). */
  static async create(options: {
    dataDir: string;
    loadDataDir?: Blob | undefined;
    /** Statements holding the session at least this long are written to stderr (0 or absent: off). */
    slowMs?: number | undefined;
    /** How long the session waits for a request's next call (pglite-thread.mjs; default 15 ms). */
    holdMs?: number | undefined;
  }): Promise<PGliteRemote> {
    const worker = new Worker(THREAD, {
      workerData: {
        dataDir: options.dataDir,
        loadDataDir: options.loadDataDir,
        slowMs: options.slowMs ?? 0,
        holdMs: options.holdMs ?? 15,
        assets: await pgliteAssets(),
      },
      stdin: false,
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: ThreadMessage) => {
        if (message.type !== "ready") return;
        cleanup();
        resolve();
      };
      const onError = (error: Error) => {
        cleanup();
        reject(error);
      };
      const onExit = (code: number) =>
        onError(new Error(`the database thread exited (${code}) while opening`));
      const cleanup = () => {
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
      };
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
    });
    const remote = new PGliteRemote(worker);
    remote.#idle();
    return remote;
  }

  get closed() {
    return this.#closed;
  }

  async query<T = Record<string, unknown>>(
    text: string,
    params: unknown[] = [],
    options?: RemoteQueryOptions,
  ): Promise<RemoteResults<T>> {
    return this.#call({ op: "query", text, params, options: wireOptions(options) }) as Promise<
      RemoteResults<T>
    >;
  }

  async exec(text: string, options?: RemoteQueryOptions): Promise<RemoteResults[]> {
    return this.#call({ op: "exec", text, options: wireOptions(options) }) as Promise<RemoteResults[]>;
  }

  /**
   * Runs `fn` inside one transaction held open in the thread; other callers' statements wait for it,
   * as they do with PGlite itself. A throw (or `tx.rollback()`) rolls it back.
   */
  async transaction<T>(fn: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const id = (await this.#call({ op: "begin" })) as number;
    const tx = new RemoteTransaction((message) => this.#call(message), id);
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      if (!tx.closed) await tx.end(false).catch(() => {});
      throw error;
    }
    if (!tx.closed) await tx.end(true);
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
      await this.#call({ op: "listen", channel });
    }
    set.add(callback);
    this.#worker.ref();
    return async () => {
      const listeners = this.#listeners.get(channel);
      listeners?.delete(callback);
      if (listeners && listeners.size === 0) {
        this.#listeners.delete(channel);
        if (!this.#closed) await this.#call({ op: "unlisten", channel });
      }
      this.#idle();
    };
  }

  dumpDataDir(compression?: "none" | "gzip" | "auto"): Promise<File | Blob> {
    return this.#call({ op: "dump", compression }) as Promise<File | Blob>;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#call({ op: "close" });
    this.#closed = true;
    await this.#worker.terminate();
  }

  #call(message: Record<string, unknown>): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#closed) return Promise.reject(new Error("PGlite is closed"));
    const id = this.#nextId++;
    const meter = sessionMeter();
    const answer = new Promise((resolve, reject) => this.#pending.set(id, { resolve, reject, meter }));
    // A call in flight keeps the process alive; an idle database does not (see #idle).
    if (this.#pending.size === 1) this.#worker.ref();
    // 0: an HTTP request's call, served before waiting background work (see pglite-thread.mjs);
    // `request` lets the thread keep the session for that request's next call for a moment, and
    // its end (answer sent) lets it go at once.
    const request = interactiveScope();
    if (request && !request.ended) {
      request.whenEnded(() => {
        if (!this.#closed && !this.#failure)
          this.#worker.postMessage({ op: "request-end", request: request.id });
      });
    }
    this.#worker.postMessage({
      ...message,
      id,
      priority: request ? 0 : 1,
      ...(request && !request.ended ? { request: request.id } : {}),
    });
    return answer;
  }

  #receive(message: ThreadMessage) {
    if (message.type === "notify") {
      for (const listener of this.#listeners.get(message.channel) ?? []) listener(message.payload);
      return;
    }
    if (message.type !== "reply") return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (pending.meter && message.busyMs !== undefined) {
      pending.meter.longestMs = Math.max(pending.meter.longestMs, message.busyMs);
      pending.meter.calls += 1;
    }
    if (message.ok) pending.resolve(message.result);
    else pending.reject(new PGliteRemoteError(message.error));
    this.#idle();
  }

  #idle() {
    if (this.#pending.size === 0 && this.#listeners.size === 0) this.#worker.unref();
  }

  #fail(error: Error) {
    if (this.#closed) return;
    this.#failure ??= error;
    for (const pending of this.#pending.values()) pending.reject(this.#failure);
    this.#pending.clear();
  }
}

/** The statements of one open transaction, and its end. */
export class RemoteTransaction implements RemoteQueryable {
  #closed = false;
  constructor(
    private readonly send: (message: Record<string, unknown>) => Promise<unknown>,
    private readonly id: number,
  ) {}

  get closed() {
    return this.#closed;
  }

  async query<T = Record<string, unknown>>(
    text: string,
    params: unknown[] = [],
    options?: RemoteQueryOptions,
  ): Promise<RemoteResults<T>> {
    if (this.#closed) return Promise.reject(new Error("Transaction is closed"));
    return this.send({ op: "query", tx: this.id, text, params, options: wireOptions(options) }) as Promise<
      RemoteResults<T>
    >;
  }

  async exec(text: string, options?: RemoteQueryOptions): Promise<RemoteResults[]> {
    if (this.#closed) return Promise.reject(new Error("Transaction is closed"));
    return this.send({ op: "exec", tx: this.id, text, options: wireOptions(options) }) as Promise<
      RemoteResults[]
    >;
  }

  /** Rolls back now; the transaction's callback may still return. */
  rollback(): Promise<void> {
    return this.end(false);
  }

  async end(commit: boolean): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.send({ op: "end", tx: this.id, commit });
  }
}
