import { type TransferListItem, Worker } from "node:worker_threads";
import { taskBundle } from "./task-bundle.ts";

/**
 * Heavy work (parsing uploads, writing exports, drawing PDFs) runs in worker threads, never on the
 * HTTP event loop (ADR 30). Each task gets a fresh worker with its own V8 heap cap, so a hostile file
 * that inflates without bound kills that worker, not the server. The pool bounds how many run at
 * once overall and per key (the organization), taking keys in turn so one tenant's queue of big
 * files cannot starve another's.
 *
 * A task module's default export is `(input, port) => Promise<result>`; `port.emit(event)` streams
 * results to the caller and resolves when the caller has handled it, so memory stays bounded on both
 * sides (see worker-entry.mjs).
 */

export interface TaskPort {
  /** Sends an event to the caller's `onEvent` and waits until it has been handled. */
  emit(event: unknown, transfer?: readonly TransferListItem[]): Promise<void>;
  /**
   * Like `emit`, and answers what `onEvent` returned (structured-cloned): how a task pulls its input
   * from the caller piece by piece, e.g. the bytes of a stored file (worker-file.ts).
   */
  request<T = unknown>(event: unknown): Promise<T>;
}

export interface RunOptions {
  /** URL of the task module (its default export is `(input, port: TaskPort) => Promise<result>`). */
  module: URL;
  input: unknown;
  transfer?: readonly TransferListItem[];
  /** Fairness and the per-key bound: usually `org:<id>`. */
  key?: string;
  /** Old-generation heap cap of this worker, in MB. */
  heapMb?: number;
  /** Terminates the worker after this long. */
  timeoutMs?: number;
  /** Handles the task's `port.emit` events, one at a time, in order. */
  onEvent?: (event: unknown) => unknown;
  /** Called when the task leaves the queue and its worker is being started (its turn came). */
  onStart?: () => void;
  signal?: AbortSignal;
}

export type WorkerCrashReason = "memory" | "timeout" | "aborted" | "exit";

/** The worker died (heap cap, timeout, abort, or an unexpected exit): its task produced no result. */
export class WorkerCrashed extends Error {
  constructor(
    readonly reason: WorkerCrashReason,
    options?: { cause?: unknown },
  ) {
    super(`worker task ended: ${reason}`, options);
    this.name = "WorkerCrashed";
  }
}

/** The task threw; `data` is what it attached (plain values only, e.g. a message key). */
export class WorkerTaskError extends Error {
  constructor(
    message: string,
    readonly taskErrorName: string,
    readonly data: Record<string, unknown>,
  ) {
    super(message);
    this.name = "WorkerTaskError";
  }
}

/**
 * The pool's queue is full: the caller should answer "busy, try again". `scope` says whose queue:
 * the key's own (that tenant is sending too much at once) or the whole pool's.
 */
export class WorkerPoolBusy extends Error {
  constructor(readonly scope: "key" | "pool" = "pool") {
    super("worker pool busy");
    this.name = "WorkerPoolBusy";
  }
}

/** Task threads run at nice 10: under contention they get about a tenth of a core's share. */
export const WORKER_NICE = 10;

export interface WorkerPoolOptions {
  /** Tasks running at once in the whole process. */
  concurrency: number;
  /** Tasks running at once per key. */
  perKey: number;
  /** Tasks waiting at most; past it `run` rejects with WorkerPoolBusy. */
  maxQueued: number;
  /**
   * Tasks of one key waiting at most (WorkerPoolBusy past it): one tenant's burst of uploads is
   * refused early instead of holding requests open behind its own queue.
   */
  maxQueuedPerKey?: number;
  /** Default heap cap in MB. */
  heapMb: number;
  /**
   * The nice value of each task's thread (Linux; default WORKER_NICE): heavy work gets the
   * processor after the threads that answer requests. 0 runs tasks at the server's priority.
   */
  nice?: number;
  /** Keep a spare worker per task module, its module loaded (default true; see #keepSpare). */
  spares?: boolean;
}

interface Pending {
  options: RunOptions;
  start: () => void;
  reject: (error: unknown) => void;
}

const ENTRY = new URL("./worker-entry.mjs", import.meta.url);
const NO_KEY = "";

export class WorkerPool {
  readonly #options: WorkerPoolOptions;
  readonly #waiting = new Map<string, Pending[]>();
  readonly #runningByKey = new Map<string, number>();
  #running = 0;
  #turns = 0;
  readonly #lastTurn = new Map<string, number>();
  #queued = 0;
  #closed = false;
  readonly #workers = new Set<Worker>();
  /** Per task module and heap cap: one worker that has loaded the module and waits for a task. */
  readonly #spares = new Map<string, Spare>();

  constructor(options: WorkerPoolOptions) {
    this.#options = options;
  }

  get stats() {
    return { running: this.#running, queued: this.#queued };
  }

  run<R>(options: RunOptions): Promise<R> {
    if (this.#closed) return Promise.reject(new WorkerCrashed("aborted"));
    if (options.signal?.aborted) return Promise.reject(new WorkerCrashed("aborted"));
    const key = options.key ?? NO_KEY;
    return new Promise<R>((resolve, reject) => {
      const pending: Pending = {
        options,
        reject,
        start: () => {
          this.#running += 1;
          this.#runningByKey.set(key, (this.#runningByKey.get(key) ?? 0) + 1);
          options.onStart?.();
          this.#execute<R>(options)
            .then(resolve, reject)
            .finally(() => {
              this.#running -= 1;
              const left = (this.#runningByKey.get(key) ?? 1) - 1;
              if (left === 0) this.#runningByKey.delete(key);
              else this.#runningByKey.set(key, left);
              this.#next();
            });
        },
      };
      const list = this.#waiting.get(key) ?? [];
      const perKeyFull =
        key !== NO_KEY &&
        this.#options.maxQueuedPerKey !== undefined &&
        list.length >= this.#options.maxQueuedPerKey &&
        (this.#runningByKey.get(key) ?? 0) >= this.#options.perKey;
      if (this.#queued >= this.#options.maxQueued || perKeyFull) {
        reject(new WorkerPoolBusy(this.#queued >= this.#options.maxQueued ? "pool" : "key"));
        return;
      }
      list.push(pending);
      this.#waiting.set(key, list);
      this.#queued += 1;
      options.signal?.addEventListener(
        "abort",
        () => {
          const queue = this.#waiting.get(key);
          const at = queue?.indexOf(pending) ?? -1;
          if (queue && at >= 0) {
            queue.splice(at, 1);
            if (queue.length === 0) this.#waiting.delete(key);
            this.#queued -= 1;
            reject(new WorkerCrashed("aborted"));
          }
        },
        { once: true },
      );
      this.#next();
    });
  }

  /**
   * Starts waiting tasks while there is room. Keys take turns: the eligible key whose last task
   * started longest ago goes first, so a tenant with many queued files waits behind the others.
   */
  #next() {
    while (this.#running < this.#options.concurrency) {
      let pickedKey: string | undefined;
      let pickedTurn = Number.POSITIVE_INFINITY;
      for (const key of this.#waiting.keys()) {
        if (key !== NO_KEY && (this.#runningByKey.get(key) ?? 0) >= this.#options.perKey) continue;
        const turn = this.#lastTurn.get(key) ?? -1;
        if (turn < pickedTurn) {
          pickedKey = key;
          pickedTurn = turn;
        }
      }
      if (pickedKey === undefined) return;
      const queue = this.#waiting.get(pickedKey) ?? [];
      const pending = queue.shift();
      if (queue.length === 0) this.#waiting.delete(pickedKey);
      if (!pending) return;
      this.#turns += 1;
      this.#lastTurn.set(pickedKey, this.#turns);
      if (this.#lastTurn.size > 10_000) this.#forgetIdleTurns();
      this.#queued -= 1;
      pending.start();
    }
  }

  #forgetIdleTurns() {
    for (const key of this.#lastTurn.keys()) {
      if (!this.#waiting.has(key) && !this.#runningByKey.has(key)) this.#lastTurn.delete(key);
    }
  }

  /**
   * A worker for `module` (the task's bundle, task-bundle.ts) with that heap cap; a spare one loads
   * the module and waits for its input.
   */
  #startWorker(
    module: URL,
    heapMb: number,
    task?: { input: unknown; transfer: readonly TransferListItem[] },
  ) {
    const worker = new Worker(ENTRY, {
      workerData: {
        module: module.href,
        ...(task ? { input: task.input } : { spare: true }),
        nice: this.#options.nice ?? WORKER_NICE,
      },
      transferList: task ? [...task.transfer] : [],
      resourceLimits: {
        maxOldGenerationSizeMb: heapMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(8, Math.round(heapMb / 8))),
      },
      // The parent's stdin is no business of a task; its output still reaches the log.
      stdin: false,
    });
    this.#workers.add(worker);
    return worker;
  }

  /**
   * Keeps one spare worker per task module and heap cap, started after a task of that module: the
   * next task skips loading the module (1–4 s for the file readers on a busy 2-core machine, which
   * a two-line upload waited for). A spare runs one task, as every worker does, and is stopped
   * after SPARE_IDLE_MS unused.
   */
  #keepSpare(module: URL, heapMb: number) {
    const key = `${heapMb}|${module.href}`;
    if (this.#closed || this.#options.spares === false || this.#spares.has(key)) return;
    const worker = this.#startWorker(module, heapMb);
    const spare: Spare = { worker, ready: false, idle: undefined as unknown as NodeJS.Timeout };
    const drop = () => {
      clearTimeout(spare.idle);
      if (this.#spares.get(key) === spare) this.#spares.delete(key);
      this.#workers.delete(worker);
    };
    spare.idle = setTimeout(() => {
      drop();
      void worker.terminate();
    }, SPARE_IDLE_MS);
    spare.idle.unref();
    worker.unref();
    worker.on("message", (message: { type?: string }) => {
      if (message?.type === "ready") spare.ready = true;
    });
    worker.on("error", drop);
    worker.on("exit", drop);
    this.#spares.set(key, spare);
  }

  /** Spare workers ready for a task now (tests). */
  get readySpares(): number {
    return [...this.#spares.values()].filter((s) => s.ready).length;
  }

  async #execute<R>(options: RunOptions): Promise<R> {
    const heapMb = options.heapMb ?? this.#options.heapMb;
    const module = await taskBundle(options.module);
    if (this.#closed || options.signal?.aborted) throw new WorkerCrashed("aborted");
    const key = `${heapMb}|${module.href}`;
    const spare = this.#spares.get(key);
    let worker: Worker;
    if (spare) {
      this.#spares.delete(key);
      clearTimeout(spare.idle);
      worker = spare.worker;
      worker.ref();
      worker.removeAllListeners("message");
      worker.removeAllListeners("error");
      worker.removeAllListeners("exit");
      worker.postMessage({ type: "start", input: options.input }, [...(options.transfer ?? [])]);
    } else {
      worker = this.#startWorker(module, heapMb, {
        input: options.input,
        transfer: options.transfer ?? [],
      });
    }
    this.#keepSpare(module, heapMb);
    return new Promise<R>((resolve, reject) => {
      let settled = false;
      let events = Promise.resolve();
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
        outcome();
        void worker.terminate().finally(() => this.#workers.delete(worker));
      };
      const crash = (reason: WorkerCrashReason, cause?: unknown) =>
        finish(() => reject(new WorkerCrashed(reason, { cause })));
      const timer = options.timeoutMs ? setTimeout(() => crash("timeout"), options.timeoutMs) : undefined;
      const onAbort = () => crash("aborted");
      options.signal?.addEventListener("abort", onAbort, { once: true });

      worker.on("message", (message: WorkerMessage) => {
        if (message.type === "event") {
          events = events.then(async () => {
            if (settled) return;
            try {
              const reply = await options.onEvent?.(message.event);
              worker.postMessage({ type: "ack", id: message.id, ...(message.reply ? { reply } : {}) });
            } catch (error) {
              // The caller refused the event (cancelled, database error): stop the task with that error.
              finish(() => reject(error));
            }
          });
        } else if (message.type === "done") {
          // Events sent before the result are handled before the result is given.
          void events.then(() => finish(() => resolve(message.result as R)));
        } else if (message.type === "error") {
          void events.then(() =>
            finish(() => reject(new WorkerTaskError(message.message, message.name, message.data ?? {}))),
          );
        }
      });
      worker.on("error", (error: Error & { code?: string }) =>
        crash(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "memory" : "exit", error),
      );
      worker.on("exit", (code) => crash("exit", new Error(`worker exited with ${code}`)));
    });
  }

  /** Stops every running worker (shutdown); waiting tasks are refused. */
  async close() {
    this.#closed = true;
    for (const queue of this.#waiting.values())
      for (const pending of queue) pending.reject(new WorkerCrashed("aborted"));
    this.#waiting.clear();
    this.#queued = 0;
    for (const spare of this.#spares.values()) clearTimeout(spare.idle);
    this.#spares.clear();
    await Promise.all([...this.#workers].map((worker) => worker.terminate()));
  }
}

interface Spare {
  worker: Worker;
  /** It has loaded its module and waits for its input. */
  ready: boolean;
  idle: NodeJS.Timeout;
}

/** A spare unused this long is stopped (its heap is given back). */
export const SPARE_IDLE_MS = 120_000;

type WorkerMessage =
  | { type: "ready" }
  | { type: "event"; id: number; event: unknown; reply?: boolean }
  | { type: "done"; result: unknown }
  | { type: "error"; name: string; message: string; data?: Record<string, unknown> };

let shared: WorkerPool | undefined;

/** The process's pool for heavy work; `configureHeavyWork` (main.ts, tests) sets its bounds. */
export function heavyWork(): WorkerPool {
  shared ??= new WorkerPool(DEFAULT_HEAVY_WORK);
  return shared;
}

export const DEFAULT_HEAVY_WORK: WorkerPoolOptions = {
  concurrency: 2,
  perKey: 1,
  maxQueued: 200,
  maxQueuedPerKey: 8,
  heapMb: 256,
};

export function configureHeavyWork(options: Partial<WorkerPoolOptions>): WorkerPool {
  shared = new WorkerPool({ ...DEFAULT_HEAVY_WORK, ...options });
  return shared;
}
