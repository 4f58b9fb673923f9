import type { Db, DbHandle, Tx } from "@sms/db";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Config } from "../config.ts";
import type { SmsGateway } from "../gateway/index.ts";
import type { Mailer } from "../mail/index.ts";
import type { ObjectStorage } from "../storage/index.ts";

/** What a job handler may use; the same in every process role (no Fastify request around it). */
export interface JobContext {
  db: Db;
  /** The raw connection, for what drizzle cannot do (COPY … FROM STDIN of bulk imports). */
  dbHandle: DbHandle;
  /** Where uploads are kept (the same place as the app's `storage`). */
  storage: ObjectStorage;
  config: Config;
  mailer: Mailer;
  smsGateway: SmsGateway;
  log: FastifyBaseLogger;
  /**
   * Enqueues a follow-up job, inside the handler's own transaction when `tx` is passed, so work
   * that fans out (one mail per sender a cron run marks) commits or rolls back with its marks.
   */
  enqueue: <TPayload>(
    definition: JobDefinition<TPayload>,
    payload: TPayload,
    options?: { tx?: Tx; startAfterSeconds?: number },
  ) => Promise<string | null>;
}

export interface RetryPolicy {
  /** Attempts after the first one. */
  limit: number;
  /** Upper bound of the doubled delay. */
  delayMaxSeconds?: number;
  /** Seconds before the first retry; doubled each time with `backoff`. */
  delaySeconds: number;
  backoff: boolean;
}

export interface JobDefinition<TPayload = unknown> {
  /** pg-boss queue name: `<feature>.<verb-noun>`. */
  name: string;
  /** Validated when enqueued and again when run, so a stale or forged payload never reaches the handler. */
  payload: z.ZodType<TPayload>;
  /**
   * Must be idempotent: pg-boss delivers at least once, and a crash after the work but before the
   * completion runs it again.
   *
   * `handler` and `key` are written as methods on purpose: TypeScript checks a method's parameter
   * both ways, so a job of any payload is a `JobDefinition` (of `unknown`) and the modules' lists of
   * jobs need no cast. Nothing is lost: the JobQueue parses every payload with `payload` (the zod
   * schema) before it calls either, when enqueued and again when run.
   */
  handler(payload: TPayload, context: JobContext): Promise<void>;
  /**
   * Deterministic key (pg-boss singletonKey): two enqueues with the same key while the first is
   * still waiting make one job. Cron runs and retried enqueues use it to avoid duplicates.
   */
  key?(payload: TPayload): string;
  retry: RetryPolicy;
  /** Seconds a run may take before pg-boss treats it as failed and retries. */
  expireInSeconds?: number;
  /**
   * Seconds without a heartbeat (sent by the worker while the handler runs) after which the
   * supervisor retries the job: a worker that died is noticed without waiting for the expiry.
   */
  heartbeatSeconds?: number;
  /** Handlers of this queue one process runs at once (from the configuration); default 1. */
  localConcurrency?: (config: Config) => number;
  /** Recurring run (cron in Asia/Bangkok) with a fixed payload. */
  cron?: { schedule: string; payload: TPayload };
  /** Jobs fetched per poll by a worker; handlers still get one payload at a time. */
  batchSize?: number;
  pollingIntervalSeconds?: number;
  /**
   * A worker whose fetch came back full (`batchSize` jobs, batchSize > 1) fetches again at once
   * instead of waiting for its next poll. Without it a handler slot runs at most one fetch per
   * polling interval, whatever the backlog: at batchSize 1 and a 0.5 s poll, 16 slots took at most
   * 32 jobs a second (ADR 118).
   */
  burstWhenBatchFull?: boolean;
  /**
   * A job created on this queue wakes its idle workers by NOTIFY (pg-boss's `notify`, in the same
   * transaction as the insert), so they poll only every NOTIFY_BACKSTOP_SECONDS (ADR 124). Default
   * true. Off for a queue that polls fast on purpose: many handler slots (a NOTIFY wakes every idle
   * slot at once) or delayed jobs and quick retries (a NOTIFY announces only a job due now).
   */
  wakeByNotify?: boolean;
}

/**
 * How often an idle worker of a queue woken by NOTIFY still polls: a job whose NOTIFY never came
 * (a retry after its delay, a listener being reconnected) waits at most this long.
 */
export const NOTIFY_BACKSTOP_SECONDS = 10;

export const wakesByNotify = (definition: Pick<JobDefinition, "wakeByNotify">): boolean =>
  definition.wakeByNotify !== false;

/** Declares a job; its module lists it in its manifest (`jobs`, see modules/index.ts). */
export function defineJob<TPayload>(definition: JobDefinition<TPayload>): JobDefinition<TPayload> {
  return definition;
}
