import { type Db, pgArray, queryRows, SliceSize, schema } from "@sms/db";
import { simulatorOutcome, splitForWire } from "@sms/domain";
import { sql } from "drizzle-orm";
import type {
  GatewayInbound,
  GatewayListener,
  GatewayOutcome,
  GatewayReceipt,
  GatewaySubmit,
  OutgoingSms,
  SmsGateway,
} from "./sms-gateway.ts";

export interface SimulatorOptions {
  db: Db;
  /** Submits accepted per second. */
  tps: number;
  /** Delay between acceptance and the delivery report. */
  receiptDelayMs: number;
  /** How often due reports are looked for. Default 200 ms. */
  pollMs?: number;
  /** Reports claimed per round. Default 1,000. */
  receiptBatch?: number;
}

export interface SimulatorGateway extends SmsGateway {
  /** A handset's reply, as the dev inbox's "reply" sends it: goes to the listener like an SMSC's deliver_sm. */
  simulateReply(inbound: GatewayInbound): Promise<void>;
  /** Whether a worker listens (roles all and worker): replies have somewhere to go. */
  listening(): boolean;
}

/** A report claimed but never acknowledged (the process died) is sent again after this long. */
const REDELIVER_SECONDS = 30;

/**
 * The default gateway. Nothing leaves the machine: every accepted message is a row of the dev inbox
 * (dev_messages), which is also the simulator's own store, kept apart from the engine's tables as
 * an SMSC's would be. Outcomes follow the documented number suffixes (simulatorOutcome). Delivery
 * reports are due `receiptDelayMs` after acceptance and are sent until the listener has stored
 * them, as an SMSC retries an unacknowledged deliver_sm; each carries our reference, so even a
 * message whose submit outcome the engine lost in a crash is settled.
 */
export function createSimulatorGateway(options: SimulatorOptions): SimulatorGateway {
  const { db } = options;
  const msPerSubmit = 1000 / options.tps;
  const pollMs = options.pollMs ?? 200;
  // A round's receipts are applied in one transaction; on the embedded database that holds the one
  // session (5,000 took up to 1.3 s in bench:isolation), so there a round is sized by what the last
  // one kept it (time-boxed slices, ADR 29). A full round starts the next at once.
  const receiptBatch = options.receiptBatch ?? 1000;
  const rounds = new SliceSize({ initial: receiptBatch, min: Math.min(receiptBatch, 50), max: receiptBatch });
  let freeAt = 0;
  let listener: GatewayListener | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let polling: Promise<void> = Promise.resolve();

  /** Holds the batch until the rate allows it: each batch books the next slots of the timeline. */
  async function pace(count: number): Promise<void> {
    const now = performance.now();
    freeAt = Math.max(now, freeAt) + count * msPerSubmit;
    const wait = freeAt - now - msPerSubmit;
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  async function submit(batch: readonly GatewaySubmit[]): Promise<GatewayOutcome[]> {
    if (batch.length === 0) return [];
    await pace(batch.length);
    const outcomes: (GatewayOutcome | null)[] = [];
    const rows: { index: number; wireParts: number }[] = [];
    const columns = {
      sender: [] as string[],
      recipient: [] as string[],
      text: [] as string[],
      reference: [] as string[],
      parts: [] as number[],
      state: [] as (number | null)[],
      code: [] as (string | null)[],
    };
    batch.forEach((message, index) => {
      const outcome = simulatorOutcome(message.to);
      if (outcome.submit !== "accepted" && outcome.submit.code !== "000") {
        outcomes.push({ reference: message.reference, status: "rejected", ...outcome.submit });
        return;
      }
      outcomes.push(null);
      const wireParts = Math.max(1, splitForWire(message.text).parts.length);
      rows.push({ index, wireParts });
      columns.sender.push(message.sender);
      columns.recipient.push(message.to);
      columns.text.push(message.text);
      columns.reference.push(message.reference);
      columns.parts.push(wireParts);
      columns.state.push(outcome.receipt?.state ?? null);
      columns.code.push(outcome.receipt?.code ?? null);
    });
    if (rows.length > 0) {
      const inserted = await queryRows<{ id: number }>(
        db,
        sql`
        insert into dev_messages (channel, sender, recipient, text, reference, parts, receipt_state, receipt_code, receipt_due_at)
        select 'sms', s, r, t, ref, p, st, c,
               case when st is null then null else now() + ${`${options.receiptDelayMs} milliseconds`}::interval end
          from unnest(${pgArray(columns.sender)}::text[], ${pgArray(columns.recipient)}::text[], ${pgArray(columns.text)}::text[],
                      ${pgArray(columns.reference)}::text[], ${pgArray(columns.parts)}::smallint[], ${pgArray(columns.state)}::smallint[],
                      ${pgArray(columns.code)}::text[]) with ordinality as u(s, r, t, ref, p, st, c, n)
         order by n
        returning id`,
      );
      const ids = inserted.map((row) => Number(row.id));
      rows.forEach(({ index, wireParts }, i) => {
        const id = ids[i];
        const message = batch[index];
        if (id === undefined || !message) throw new Error("simulator insert returned fewer rows");
        outcomes[index] = {
          reference: message.reference,
          status: "accepted",
          wireParts,
          parts: Array.from({ length: wireParts }, (_, p) => ({
            part: p + 1,
            gatewayId: gatewayIdOf(id, p + 1, wireParts),
          })),
        };
      });
    }
    return outcomes as GatewayOutcome[];
  }

  /** One round: claims due reports (pushing their due time on, in case we die before the ack), delivers, acks. */
  /** Delivers one round of due receipts; answers whether it was full (more are due now). */
  async function deliverDueRound(): Promise<boolean> {
    return rounds.run(async (limit) => (await deliverDueReceipts(limit)) === limit);
  }

  async function deliverDueReceipts(limit: number): Promise<number> {
    if (!listener) return 0;
    const claimed = await queryRows<{
      id: number;
      reference: string | null;
      parts: number;
      receipt_state: number;
      receipt_code: string;
    }>(
      db,
      sql`
      update dev_messages set receipt_due_at = now() + ${`${REDELIVER_SECONDS} seconds`}::interval
       where id in (select id from dev_messages
                     where receipt_due_at <= now() and receipt_acked_at is null
                     order by receipt_due_at
                     limit ${limit}
                     for update skip locked)
      returning id, reference, parts, receipt_state, receipt_code`,
    );
    if (claimed.length === 0) return 0;
    const receipts: GatewayReceipt[] = [];
    for (const row of claimed) {
      const id = Number(row.id);
      for (let part = 1; part <= row.parts; part++) {
        receipts.push({
          gatewayId: gatewayIdOf(id, part, row.parts),
          state: row.receipt_state,
          code: row.receipt_code,
          ...(row.reference ? { reference: row.reference } : {}),
        });
      }
    }
    await listener.receipts(receipts);
    const ids = claimed.map((row) => Number(row.id));
    await db.execute(
      sql`update dev_messages set receipt_acked_at = now() where id = any(${pgArray(ids)}::int[])`,
    );
    return claimed.length;
  }

  function schedule(): void {
    if (closed || !listener) return;
    timer = setTimeout(() => {
      polling = (async () => {
        try {
          while (!closed && (await deliverDueRound())) {
            // A full round: more are due right now.
          }
        } catch {
          // The listener failed (database busy, shutting down): the claimed reports come again later.
        } finally {
          schedule();
        }
      })();
    }, pollMs);
    timer.unref();
  }

  return {
    name: "simulator",
    async send(sms: OutgoingSms) {
      const [row] = await db
        .insert(schema.devMessages)
        .values({ channel: "sms", sender: sms.sender, recipient: sms.to, text: sms.text })
        .returning({ messageId: schema.devMessages.messageId });
      if (!row) throw new Error("simulator insert returned no row");
      return { messageId: row.messageId };
    },
    submit,
    listen(next: GatewayListener) {
      if (listener) throw new Error("the simulator already has a listener");
      listener = next;
      schedule();
    },
    listening: () => listener !== null && !closed,
    async simulateReply(inbound: GatewayInbound) {
      if (!listener) throw new Error("no worker is listening for replies");
      await listener.inbound([inbound]);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await polling;
    },
  };
}

/** Gateway ids of the simulator: one per wire part, like an SMSC's. */
function gatewayIdOf(devMessageId: number, part: number, parts: number): string {
  return parts === 1 ? `sim-${devMessageId}` : `sim-${devMessageId}-${part}`;
}
