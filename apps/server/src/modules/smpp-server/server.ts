import type { AddressInfo } from "node:net";
import type { Db } from "@sms/db";
import { normaliseRecipient, PUBLIC_SMS_MAX_MESSAGE } from "@sms/domain";
import type { FastifyBaseLogger } from "fastify";
import { createServer, PDU, type Pdu, type Server, type Session } from "smpp";
import { AppError } from "../../errors.ts";
import { numberField, shortMessageText, stringField } from "../../gateway/smpp/pdu-fields.ts";
import { TokenBucket } from "../../gateway/smpp/token-bucket.ts";
import { verifyApiCaller } from "../api-keys/index.ts";
import { guardPumpingBatch, type SafetyCaller } from "../public-api/index.ts";
import { ApiSendBatcher, type SendDeps } from "../sending/index.ts";
import {
  ackReceipts,
  claimReceipts,
  type OutboxReceipt,
  pruneOutbox,
  releaseReceipts,
} from "../smpp-receipts/index.ts";
import { type Concat, concatOf, Reassembler } from "./reassembly.ts";
import { receiptFields } from "./receipt-pdu.ts";
import { readSmppSettings, type SmppIdFormat, suspendedOrganizations } from "./settings.ts";
import {
  claimSubmits,
  DuplicateSubmit,
  dedupeKeyOf,
  findSubmitted,
  pruneSubmissions,
  recordSubmits,
  releaseClaims,
  type SubmitClaim,
} from "./submissions.ts";

/** SMPP 3.4 command_status values the server answers (§5.1.3). */
export const SMPP_STATUS = {
  ESME_ROK: 0x00,
  ESME_RINVMSGLEN: 0x01,
  ESME_RINVCMDID: 0x03,
  ESME_RINVBNDSTS: 0x04,
  ESME_RALYBND: 0x05,
  ESME_RSYSERR: 0x08,
  ESME_RINVSRCADR: 0x0a,
  ESME_RINVDSTADR: 0x0b,
  ESME_RBINDFAIL: 0x0d,
  ESME_RINVPASWD: 0x0e,
  ESME_RSUBMITFAIL: 0x45,
  ESME_RTHROTTLED: 0x58,
} as const;

const S = SMPP_STATUS;

export interface SmppServerOptions {
  port: number;
  host: string;
  /** A resubmission of the same message within this long is answered, not sent again (ADR 102). */
  dedupeWindowMs: number;
  /** Receipts no bind took within this long are dropped (ADR 103). */
  receiptRetentionMs: number;
  /** How long the parts of a multipart message wait for the rest. Default 60 s. */
  reassemblyTimeoutMs?: number;
  /** How often the outbox is read for bound organizations. Default 250 ms. */
  receiptPollMs?: number;
  /** A refused bind is answered after this long (slows guessing). Default 500 ms. */
  bindFailureDelayMs?: number;
  /** How often the bound organizations are checked for a suspension (their binds then close). Default 10 s. */
  standingCheckMs?: number;
  /** A connection that has not bound, or a bind silent (not even enquire_link), this long is closed. */
  bindTimeoutMs?: number;
  idleTimeoutMs?: number;
}

export interface SmppServerDeps {
  db: Db;
  pepper: string;
  send: SendDeps;
  log: FastifyBaseLogger;
}

type BindKind = "transceiver" | "transmitter" | "receiver";

interface Customer {
  session: Session;
  ip: string;
  organizationId: number | null;
  /** The bound credentials as the API's safety checks see them (the pumping guard's limits). */
  caller: SafetyCaller | null;
  kind: BindKind | null;
  window: number;
  idFormat: SmppIdFormat;
  /** submit_sm received and not answered yet. */
  outstanding: number;
  /** deliver_sm sent and not answered yet: sequence number → outbox id. */
  deliveries: Map<number, number>;
  closed: boolean;
}

/** One part (or single message) waiting for its answer. */
interface Waiter {
  customer: Customer;
  pdu: Pdu;
}

/** What a submit's admission needs: its exactly-once claim and the bind's caller. */
interface SubmitGuard {
  claim: SubmitClaim;
  caller: SafetyCaller;
}

interface Message {
  organizationId: number;
  caller: SafetyCaller;
  sourceAddr: string;
  destinationAddr: string;
  number: string;
  dataCoding: number;
  text: string;
  receipt: boolean;
  concat: Concat | null;
}

const RECEIPT_HOLD_MS = 30_000;
const RECEIPT_RETRY_MS = 5_000;
const RECEIPTS_PER_POLL = 500;
const PRUNE_EVERY_MS = 10 * 60_000;
/** Exactly-once records outlive the receipts they map by a day. */
const SUBMISSION_KEEP_EXTRA_MS = 24 * 3_600_000;

/**
 * The customers' SMPP 3.4 server (issue 27 point 5, ADR 102–103): binds with the organization's
 * SMPP credentials (api_credentials kind `smpp`) behind its IP whitelist; submit_sm accepted by the
 * public API's group commit (ApiSendBatcher: charged, stored and dispatched like an API send),
 * exactly once per message; multipart reassembled and billed once; receipts from the durable
 * outbox as deliver_sm, in the organization's id format. Window and TPS are the organization's
 * (staff set them); beyond them a submit is answered ESME_RTHROTTLED.
 */
export class SmppAccessServer {
  private server: Server | null = null;
  private readonly customers = new Set<Customer>();
  private readonly buckets = new Map<number, TokenBucket>();
  private readonly batcher: ApiSendBatcher;
  private readonly reassembler: Reassembler<Waiter>;
  private pollTimer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private lastPrune = 0;
  private lastStandingCheck = 0;
  /** Acknowledged receipts waiting for the next poll's delete. */
  private acked: number[] = [];
  private failed: number[] = [];
  readonly stats = { binds: 0, refusedBinds: 0, submits: 0, throttled: 0, duplicates: 0, receiptsSent: 0 };

  constructor(
    private readonly deps: SmppServerDeps,
    private readonly options: SmppServerOptions,
  ) {
    const windowMs = options.dedupeWindowMs;
    this.batcher = new ApiSendBatcher(
      deps.send,
      // The claim first (a resubmission answers its first id, whatever the guard says now), then
      // the API's SMS-pumping guard on the new sends; a claim the guard refuses is let go, so the
      // same message submitted after the window is a new one.
      async (tx, sends) => {
        const guards = sends.map((s) => s.guard as SubmitGuard);
        const claimed = await claimSubmits(
          tx,
          guards.map((g) => g.claim),
          windowMs,
        );
        const pumping = await guardPumpingBatch(
          tx,
          sends.map((s, i) => ({ ...s, guard: claimed[i] ? undefined : guards[i]?.caller })),
        );
        await releaseClaims(
          tx,
          guards.flatMap((g, i) =>
            !claimed[i] && pumping[i] && g.claim.claimId !== undefined ? [g.claim.claimId] : [],
          ),
        );
        return claimed.map((refusal, i) => refusal ?? pumping[i] ?? null);
      },
      (tx, sends) =>
        recordSubmits(
          tx,
          sends.map((s) => ({ ...s, guard: (s.guard as SubmitGuard).claim })),
        ),
    );
    this.reassembler = new Reassembler<Waiter>(options.reassemblyTimeoutMs ?? 60_000, (waiters) => {
      for (const w of waiters) this.answer(w, S.ESME_RSUBMITFAIL);
    });
  }

  async start(): Promise<number> {
    const server = createServer((session) => this.accept(session));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.options.port, this.options.host, () => resolve());
    });
    this.pollTimer = setInterval(() => this.poll(), this.options.receiptPollMs ?? 250);
    this.pollTimer.unref();
    return (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
    this.reassembler.clear();
    for (const c of this.customers) c.session.destroy();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    await this.polling;
    await this.flushAnswers();
  }

  /** Bound sessions (tests, health). */
  get boundSessions(): number {
    return [...this.customers].filter((c) => c.organizationId !== null && !c.closed).length;
  }

  private accept(session: Session): void {
    const customer: Customer = {
      session,
      ip: (session.socket.remoteAddress ?? "").replace(/^::ffff:/, ""),
      organizationId: null,
      caller: null,
      kind: null,
      window: 1,
      idFormat: "decimal",
      outstanding: 0,
      deliveries: new Map(),
      closed: false,
    };
    this.customers.add(customer);
    session.socket.setNoDelay(true);
    // A connection must bind soon and then stay alive (enquire_link); idle sockets are not kept.
    session.socket.setTimeout(this.options.bindTimeoutMs ?? 30_000, () => session.destroy());
    session.on("error", () => session.destroy());
    session.socket.on("close", () => {
      customer.closed = true;
      this.customers.delete(customer);
      // Receipts it never answered are sent again at once, to this organization's next bind.
      this.failed.push(...customer.deliveries.values());
      customer.deliveries.clear();
    });
    session.on("pdu", (pdu: Pdu) => {
      this.onPdu(customer, pdu).catch((error: unknown) => {
        this.deps.log.error({ err: error, command: pdu.command }, "smpp server: cannot handle a PDU");
        if (!pdu.isResponse()) this.reply(customer, pdu, { command_status: S.ESME_RSYSERR });
      });
    });
  }

  private async onPdu(c: Customer, pdu: Pdu): Promise<void> {
    switch (pdu.command) {
      case "bind_transceiver":
      case "bind_transmitter":
      case "bind_receiver":
        return this.onBind(c, pdu);
      case "enquire_link":
        this.reply(c, pdu);
        return;
      case "unbind":
        this.reply(c, pdu);
        c.session.close();
        return;
      case "submit_sm":
        return this.onSubmit(c, pdu);
      case "deliver_sm_resp":
        this.onDeliverResponse(c, pdu);
        return;
      default:
        if (!pdu.isResponse()) {
          c.session.send(
            new PDU("generic_nack", {
              sequence_number: pdu.sequence_number,
              command_status: S.ESME_RINVCMDID,
            }),
          );
        }
    }
  }

  private reply(c: Customer, pdu: Pdu, fields: Record<string, unknown> = {}): void {
    if (c.closed || !c.session.socket.writable) return;
    c.session.send(pdu.response(fields));
  }

  /**
   * The organization's SMPP credentials, in the public API's order of checks (verifyApiCaller:
   * secret, whitelist, suspension, verified owner); a free-trial organization may not bind (its
   * sends go through the trial's one-by-one acceptance, which SMPP's group commit does not do).
   */
  private async onBind(c: Customer, pdu: Pdu): Promise<void> {
    if (c.organizationId !== null) {
      this.reply(c, pdu, { command_status: S.ESME_RALYBND });
      return;
    }
    const result = await verifyApiCaller(
      { db: this.deps.db, pepper: this.deps.pepper },
      {
        kind: "smpp",
        key: stringField(pdu, "system_id") ?? "",
        secret: stringField(pdu, "password") ?? "",
        ip: c.ip,
      },
    );
    const status = !result.ok
      ? result.failure === "invalid_credentials"
        ? S.ESME_RINVPASWD
        : S.ESME_RBINDFAIL
      : result.trialOnly
        ? S.ESME_RBINDFAIL
        : S.ESME_ROK;
    if (status !== S.ESME_ROK || !result.ok) {
      this.stats.refusedBinds++;
      const delay = this.options.bindFailureDelayMs ?? 500;
      setTimeout(() => {
        this.reply(c, pdu, { command_status: status, system_id: "SMSPORTAL" });
        c.session.close();
      }, delay).unref();
      return;
    }
    const settings = await readSmppSettings(this.deps.db, result.organizationId);
    c.organizationId = result.organizationId;
    c.caller = {
      organizationId: result.organizationId,
      credentialId: result.credentialId,
      keyCreatedAt: result.keyCreatedAt,
      limits: result.limits,
    };
    c.kind = pdu.command.slice("bind_".length) as BindKind;
    c.window = settings.window;
    c.idFormat = settings.idFormat;
    // One second's worth of burst: the customer's TPS is a per-second contract, not a pacing of
    // every 20 ms (the client's bucket paces itself; this one only judges).
    if (this.buckets.get(result.organizationId)?.ratePerSecond !== settings.tps) {
      this.buckets.set(result.organizationId, new TokenBucket(settings.tps, settings.tps));
    }
    this.stats.binds++;
    c.session.socket.setTimeout(this.options.idleTimeoutMs ?? 5 * 60_000);
    this.reply(c, pdu, { system_id: "SMSPORTAL" });
    if (c.kind !== "transmitter") this.poll();
  }

  private async onSubmit(c: Customer, pdu: Pdu): Promise<void> {
    const organizationId = c.organizationId;
    const caller = c.caller;
    if (organizationId === null || caller === null || c.kind === "receiver") {
      this.reply(c, pdu, { command_status: S.ESME_RINVBNDSTS });
      return;
    }
    this.stats.submits++;
    // The window first (what this bind has unanswered), then the organization's rate.
    if (c.outstanding >= c.window || !this.buckets.get(organizationId)?.tryTake()) {
      this.stats.throttled++;
      this.reply(c, pdu, { command_status: S.ESME_RTHROTTLED });
      return;
    }
    c.outstanding++;
    const waiter: Waiter = { customer: c, pdu };
    const sourceAddr = stringField(pdu, "source_addr") ?? "";
    const destinationAddr = stringField(pdu, "destination_addr") ?? "";
    const number = normaliseRecipient(destinationAddr);
    if (number === null) return this.answer(waiter, S.ESME_RINVDSTADR);
    if (sourceAddr.trim() === "") return this.answer(waiter, S.ESME_RINVSRCADR);
    const text = shortMessageText(pdu);
    const concat = concatOf(pdu.short_message, pdu);
    const message: Message = {
      organizationId,
      caller,
      sourceAddr,
      destinationAddr,
      number,
      dataCoding: numberField(pdu, "data_coding") ?? 0,
      text,
      receipt: ((numberField(pdu, "registered_delivery") ?? 0) & 0x03) !== 0,
      concat,
    };
    if (!concat) {
      if (!this.storable(text)) return this.answer(waiter, S.ESME_RINVMSGLEN);
      return this.acceptAndAnswer(message, [waiter]);
    }
    const key = [organizationId, sourceAddr, number, concat.reference, concat.total].join("\n");
    const done = this.reassembler.add(key, concat, text, waiter);
    if (!done) return;
    if (!this.storable(done.text)) {
      for (const w of done.waiters) this.answer(w, S.ESME_RINVMSGLEN);
      return;
    }
    return this.acceptAndAnswer({ ...message, text: done.text }, done.waiters);
  }

  /** The public API's limits on a text: not empty, not longer, no NUL (PostgreSQL stores none). */
  private storable(text: string): boolean {
    return text.trim() !== "" && text.length <= PUBLIC_SMS_MAX_MESSAGE && !text.includes("\u0000");
  }

  private async acceptAndAnswer(message: Message, waiters: Waiter[]): Promise<void> {
    const outcome = await this.acceptMessage(message);
    for (const w of waiters) {
      if (typeof outcome === "number") this.answer(w, S.ESME_ROK, outcome);
      else this.answer(w, outcome.status);
    }
  }

  /** The message id it was (or had already been) accepted as, or the status to answer. */
  private async acceptMessage(m: Message): Promise<number | { status: number }> {
    const { dedupeWindowMs } = this.options;
    // No look-up first: the claim in the batch's transaction finds a resubmission (DuplicateSubmit)
    // before anything is stored or charged, so a new message costs no extra round trip.
    const dedupeKey = dedupeKeyOf(m);
    const claim: SubmitClaim = {
      organizationId: m.organizationId,
      dedupeKey,
      sourceAddr: m.sourceAddr,
      destinationAddr: m.destinationAddr,
      receipt: m.receipt,
    };
    try {
      const sent = await this.batcher.submit({
        organizationId: m.organizationId,
        numbers: [m.number],
        message: m.text,
        sender: m.sourceAddr,
        tag: "SMPP",
        guard: { claim, caller: m.caller } satisfies SubmitGuard,
        // The record hook writes the message id onto the claim the admission hook made: the claim
        // must come first, so the batch is accepted checked first (ADR 116). Stored first, the
        // claim had no message: a resubmission answered ESME_RSYSERR and no receipt was queued.
        checkFirst: true,
      });
      const id = sent.messages[0]?.messageId;
      return id === undefined ? { status: S.ESME_RSYSERR } : id;
    } catch (error) {
      if (error instanceof DuplicateSubmit) {
        this.stats.duplicates++;
        const id = await findSubmitted(this.deps.db, m.organizationId, dedupeKey, dedupeWindowMs);
        return id ?? { status: S.ESME_RSYSERR };
      }
      return { status: statusOf(error) };
    }
  }

  private answer(w: Waiter, status: number, messageId?: number): void {
    const c = w.customer;
    c.outstanding = Math.max(0, c.outstanding - 1);
    this.reply(c, w.pdu, {
      command_status: status,
      message_id: messageId === undefined ? "" : formatMessageId(messageId, c.idFormat),
    });
  }

  // --- receipts (ADR 103) ---

  private poll(): void {
    if (this.polling || !this.server) return;
    this.polling = this.pump()
      .catch((error: unknown) => this.deps.log.error({ err: error }, "smpp server: receipts failed"))
      .finally(() => {
        this.polling = null;
      });
  }

  private receivers(organizationId: number): Customer[] {
    return [...this.customers].filter(
      (c) => c.organizationId === organizationId && c.kind !== "transmitter" && !c.closed,
    );
  }

  private async pump(): Promise<void> {
    await this.flushAnswers();
    const now = Date.now();
    if (now - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await pruneOutbox(this.deps.db, this.options.receiptRetentionMs);
      await pruneSubmissions(this.deps.db, this.options.receiptRetentionMs + SUBMISSION_KEEP_EXTRA_MS);
    }
    if (now - this.lastStandingCheck > (this.options.standingCheckMs ?? 10_000)) {
      this.lastStandingCheck = now;
      await this.closeSuspended();
    }
    const orgs = new Set<number>();
    for (const c of this.customers) {
      if (c.organizationId !== null && c.kind !== "transmitter" && !c.closed) orgs.add(c.organizationId);
    }
    if (orgs.size === 0) return;
    const receipts = await claimReceipts(this.deps.db, [...orgs], RECEIPTS_PER_POLL, RECEIPT_HOLD_MS);
    const turn = new Map<number, number>();
    const unsent: number[] = [];
    for (const r of receipts) {
      const receivers = this.receivers(r.organizationId);
      const i = turn.get(r.organizationId) ?? 0;
      turn.set(r.organizationId, i + 1);
      const target = receivers[i % Math.max(1, receivers.length)];
      if (!target || !this.deliver(target, r)) unsent.push(r.id);
    }
    await releaseReceipts(this.deps.db, unsent, 0);
  }

  /**
   * A bind lives for days; staff suspending its organization (spec §9) must stop it sending, as the
   * HTTP API refuses the next request: its binds are closed, and a new bind is refused.
   */
  private async closeSuspended(): Promise<void> {
    const bound = [
      ...new Set([...this.customers].flatMap((c) => (c.organizationId === null ? [] : [c.organizationId]))),
    ];
    if (bound.length === 0) return;
    const suspended = new Set(await suspendedOrganizations(this.deps.db, bound));
    for (const c of this.customers) {
      if (c.organizationId !== null && suspended.has(c.organizationId)) {
        c.closed = true;
        c.session.close();
      }
    }
  }

  private deliver(c: Customer, r: OutboxReceipt): boolean {
    if (c.closed || !c.session.socket.writable) return false;
    const pdu = new PDU("deliver_sm", receiptFields(r, formatMessageId(r.messageId, c.idFormat)));
    if (!c.session.send(pdu)) return false;
    c.deliveries.set(pdu.sequence_number, r.id);
    this.stats.receiptsSent++;
    return true;
  }

  private onDeliverResponse(c: Customer, pdu: Pdu): void {
    const id = c.deliveries.get(pdu.sequence_number);
    if (id === undefined) return;
    c.deliveries.delete(pdu.sequence_number);
    if (pdu.command_status === S.ESME_ROK) this.acked.push(id);
    else this.failed.push(id);
  }

  /** Deletes the acknowledged receipts, and puts back those answered with an error (after a pause). */
  private async flushAnswers(): Promise<void> {
    const acked = this.acked.splice(0);
    const failed = this.failed.splice(0);
    await ackReceipts(this.deps.db, acked);
    await releaseReceipts(this.deps.db, failed, RECEIPT_RETRY_MS);
  }
}

/** The id as the organization reads it: decimal (default) or upper-case hex (ADR 102). */
export function formatMessageId(id: number, format: SmppIdFormat): string {
  return format === "hex" ? id.toString(16).toUpperCase() : String(id);
}

/**
 * A refusal's command_status: too few credits ESME_RSUBMITFAIL (SMPP 3.4 has no credit status;
 * Jasmin answers the same), a sender the organization may not use ESME_RINVSRCADR, the SMS-pumping
 * guard ESME_RTHROTTLED (the API's 429: later, not never), any other refusal ESME_RSUBMITFAIL, and
 * a failure of ours ESME_RSYSERR (the ESME may retry it).
 */
export function statusOf(error: unknown): number {
  if (!(error instanceof AppError)) return S.ESME_RSYSERR;
  if (error.code === "INSUFFICIENT_CREDITS") return S.ESME_RSUBMITFAIL;
  if (error.reason === "pumping_suspected") return S.ESME_RTHROTTLED;
  const reason = error.reason ?? "";
  if (reason.startsWith("sender_") || reason === "own_sender_required") return S.ESME_RINVSRCADR;
  if (error.status >= 500) return S.ESME_RSYSERR;
  return S.ESME_RSUBMITFAIL;
}
