import type { Tx } from "@sms/db";
import { sql } from "drizzle-orm";
import {
  type DrizzleTransactionLike,
  fromDrizzle,
  type Job,
  type JobResult,
  type PgBoss,
  type SendOptions,
} from "pg-boss";
import { type JobContext, type JobDefinition, NOTIFY_BACKSTOP_SECONDS, wakesByNotify } from "./define-job.ts";

export interface EnqueueOptions {
  /**
   * The business transaction to enqueue in. Pass it whenever the job belongs to a write: if the
   * write rolls back, so does the job. Only a transaction is a `Tx` (ADR 85).
   */
  tx?: Tx;
  startAfterSeconds?: number;
}

const BANGKOK = "Asia/Bangkok";

/** The retry, expiry and heartbeat settings of a definition, as pg-boss takes them on queues and jobs. */
function queueTimings<TPayload>(definition: JobDefinition<TPayload>) {
  return {
    retryLimit: definition.retry.limit,
    retryDelay: definition.retry.delaySeconds,
    retryBackoff: definition.retry.backoff,
    ...(definition.retry.delayMaxSeconds ? { retryDelayMax: definition.retry.delayMaxSeconds } : {}),
    ...(definition.expireInSeconds ? { expireInSeconds: definition.expireInSeconds } : {}),
    ...(definition.heartbeatSeconds ? { heartbeatSeconds: definition.heartbeatSeconds } : {}),
  };
}

/**
 * The jobs of the whole product on pg-boss. Every process role can enqueue (the queues are created
 * at start-up by whichever process comes first); only `all` and `worker` roles run handlers.
 */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #definitions: Map<string, JobDefinition<unknown>>;
  readonly #context: JobContext;

  constructor(
    boss: PgBoss,
    definitions: readonly JobDefinition<unknown>[],
    context: Omit<JobContext, "enqueue">,
  ) {
    this.#boss = boss;
    this.#definitions = new Map(definitions.map((d) => [d.name, d]));
    this.#context = {
      ...context,
      enqueue: (definition, payload, options) => this.enqueue(definition, payload, options),
    };
  }

  get boss(): PgBoss {
    return this.#boss;
  }

  /** What its handlers are given: the process's one database, storage, mailer and gateway. */
  get context(): JobContext {
    return this.#context;
  }

  /** Creates the missing queues; safe to run from several processes at once. */
  async prepare(): Promise<void> {
    for (const definition of this.#definitions.values()) {
      const notify = wakesByNotify(definition);
      const existing = await this.#boss.getQueue(definition.name);
      if (existing) {
        // A queue made before ADR 124, or whose definition changed since.
        if ((existing.notify ?? false) !== notify) await this.#boss.updateQueue(definition.name, { notify });
        continue;
      }
      try {
        await this.#boss.createQueue(definition.name, {
          // "short": at most one waiting job per key, which is what makes `key` deduplicate.
          ...(definition.key ? { policy: "short" as const } : {}),
          ...queueTimings(definition),
          notify,
        });
      } catch (err) {
        // Another process created it between our check and our insert.
        if (!(await this.#boss.getQueue(definition.name))) throw err;
      }
    }
  }

  /** Starts the handlers and the cron schedules (roles `all` and `worker`). */
  async work(): Promise<void> {
    for (const definition of this.#definitions.values()) {
      const poll = definition.pollingIntervalSeconds ?? 1;
      await this.#boss.work(
        definition.name,
        {
          batchSize: definition.batchSize ?? 10,
          pollingIntervalSeconds: poll,
          // Idle, a worker woken by NOTIFY polls only as a backstop (ADR 124).
          ...(wakesByNotify(definition)
            ? { notifyPollingIntervalSeconds: Math.max(poll, NOTIFY_BACKSTOP_SECONDS) }
            : {}),
          perJobResults: true,
          localConcurrency: definition.localConcurrency?.(this.#context.config) ?? 1,
          ...(definition.burstWhenBatchFull ? { burstWhenBatchFull: true } : {}),
        },
        (jobs: Job<unknown>[]) => this.#runBatch(definition, jobs),
      );
      if (definition.cron) {
        await this.#boss.schedule(
          definition.name,
          definition.cron.schedule,
          definition.cron.payload as object,
          {
            tz: BANGKOK,
          },
        );
      }
    }
  }

  /** Validates the payload and enqueues it, in `tx` when given. Answers the job id (null if deduplicated). */
  async enqueue<TPayload>(
    definition: JobDefinition<TPayload>,
    payload: TPayload,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    if (!this.#definitions.has(definition.name)) {
      throw new Error(`job ${definition.name} is not in the registry`);
    }
    const data = definition.payload.parse(payload) as object;
    const send: SendOptions = {
      ...queueTimings(definition),
      ...(definition.key ? { singletonKey: definition.key(payload) } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      // pg-boss writes through our transaction, so the job commits or rolls back with the business write.
      ...(options.tx ? { db: fromDrizzle(options.tx as unknown as DrizzleTransactionLike, sql) } : {}),
    };
    return this.#boss.send(definition.name, data, send);
  }

  /**
   * Enqueues many jobs of one definition in one statement (a campaign's chunk jobs), in `tx` when
   * given. No deduplication key applies: each payload is its own job.
   */
  async enqueueMany<TPayload>(
    definition: JobDefinition<TPayload>,
    payloads: readonly TPayload[],
    options: Pick<EnqueueOptions, "tx"> & { startAfter?: Date } = {},
  ): Promise<void> {
    if (!this.#definitions.has(definition.name)) {
      throw new Error(`job ${definition.name} is not in the registry`);
    }
    if (payloads.length === 0) return;
    const jobs = payloads.map((payload) => ({
      data: definition.payload.parse(payload) as object,
      ...queueTimings(definition),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    }));
    await this.#boss.insert(
      definition.name,
      jobs,
      options.tx ? { db: fromDrizzle(options.tx as unknown as DrizzleTransactionLike, sql) } : {},
    );
  }

  /**
   * Runs every job that is due, queue by queue, until none is left (tests and tools). Answers how
   * many ran. Failures are settled as in a worker: retried later per the queue's policy.
   */
  async drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      let round = 0;
      for (const definition of this.#definitions.values()) {
        const jobs = await this.#boss.fetch<unknown>(definition.name, { batchSize: 50 });
        if (jobs.length === 0) continue;
        round += jobs.length;
        const results = await this.#runBatch(definition, jobs);
        for (const result of results) {
          if (result.status === "completed") await this.#boss.complete(definition.name, result.id);
          else await this.#boss.fail(definition.name, result.id, result.output as object);
        }
      }
      if (round === 0) return ran;
      ran += round;
    }
  }

  async #runBatch(definition: JobDefinition<unknown>, jobs: Job<unknown>[]): Promise<JobResult[]> {
    const results: JobResult[] = [];
    // One at a time: handlers talk to gateways that have their own throughput limits.
    for (const job of jobs) {
      const parsed = definition.payload.safeParse(job.data);
      if (!parsed.success) {
        this.#context.log.error({ job: job.id, queue: definition.name }, "job payload invalid; not retried");
        results.push({ id: job.id, status: "deadletter", output: { error: "invalid payload" } });
        continue;
      }
      try {
        await definition.handler(parsed.data, this.#context);
        results.push({ id: job.id, status: "completed" });
      } catch (err) {
        this.#context.log.warn({ err, job: job.id, queue: definition.name }, "job failed; will retry");
        results.push({
          id: job.id,
          status: "failed",
          output: { error: err instanceof Error ? err.message : String(err) },
        });
      }
    }
    return results;
  }
}
