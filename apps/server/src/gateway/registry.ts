import { type OperatorPrefix, type RouteDecision, type RouteRule, Router } from "@sms/domain";
import type { SimulatorGateway } from "./simulator.ts";
import type {
  GatewayInbound,
  GatewayListener,
  GatewayLoad,
  GatewayOutcome,
  GatewaySubmit,
  OutgoingSms,
  SmsGateway,
} from "./sms-gateway.ts";

/** One row of smsc_connections as the registry needs it: who it is, which version, and in what order. */
export interface ConnectionEntry<Spec> {
  id: number;
  version: number;
  enabled: boolean;
  priority: number;
  spec: Spec;
  /**
   * Prefixed to this connection's message ids in the engine (message_parts, pending receipts), so
   * the same id on two SMSCs names two parts (issue 26 point 3). "" keeps the ids bare: the
   * environment's connection (ids stored before routes existed stay valid) and the simulators (their
   * ids are the shared development table's, unique across them).
   */
  namespace?: string;
}

/** The route rules and operator ranges as stored now (issue 26 point 2). */
export interface RoutingTable {
  rules: RouteRule[];
  ranges: OperatorPrefix[];
}

export interface GatewayRegistryOptions<Spec> {
  /** The connections as stored now (every process reads the same table). */
  load(): Promise<ConnectionEntry<Spec>[]>;
  /** The routes, read with the connections; without it every message goes the connections' order. */
  loadRoutes?(): Promise<RoutingTable>;
  /** Builds the gateway of one connection version; SMPP gateways bind lazily, on first use. */
  build(spec: Spec): SmsGateway;
  /**
   * A connection's share among its peers (ADR 91): connections of equal priority at the head of a
   * route's list take its messages in proportion to their weights. Default 1 each.
   */
  weight?(spec: Spec): number;
  /** How often a listening process looks for changed connections; sends also look at most this often. */
  refreshMs?: number;
  onWarning?(message: string): void;
  /** Failover (issue 26 point 3): bad batches in a row that take a connection out (default 2). */
  failuresToOpen?: number;
  /** How long a connection taken out stays out before one batch tries it again (default 5 s). */
  cooldownMs?: number;
  /** The clock (tests). */
  now?: () => number;
  /**
   * Where a listening (sending) process reports each connection's health, after every refresh tick:
   * its state and what it was handed and did not take since the last report (issue 26 point 4).
   */
  report?(reports: ConnectionReport[]): Promise<void>;
}

/** A connection's health and traffic since the previous report, with its binds and queue now. */
export interface ConnectionReport extends ConnectionHealth {
  submitted: number;
  notTaken: number;
  windowMs: number;
  /** Null for a connection without binds (the simulator). */
  load: GatewayLoad | null;
}

/** A connection's health as the registry sees it from its answers (issue 26 points 3 and 4). */
export interface ConnectionHealth {
  connectionId: number;
  /** up: takes work; down: taken out until `retryAt`; probing: its cooldown is over, the next batch tries it. */
  state: "up" | "down" | "probing";
  /** Bad batches in a row: thrown, or at least half of the batch not taken (retry) or unanswered (unknown). */
  failures: number;
  lastError: string | null;
  retryAt: number | null;
}

export interface GatewayRegistry extends SimulatorGateway {
  readonly name: "connections";
  /** Reads the connections again now (after a change in this process), instead of at the next tick. */
  reload(): Promise<void>;
  /** The id of the connection new work goes to now, or null when none is enabled. */
  activeConnectionId(): Promise<number | null>;
  /** Each live connection's health, as its answers showed it. */
  health(): ConnectionHealth[];
}

/** What one connection is handed in one submit. */
interface Group {
  gateway: SmsGateway;
  namespace: string;
  routeIds: (number | null)[];
  batch: GatewaySubmit[];
}

interface Live {
  version: number;
  gateway: SmsGateway;
  namespace: string;
}

/** What a connection reports, its ids put in its namespace. */
function namespaced(listener: GatewayListener, namespace: string): GatewayListener {
  if (namespace === "") return listener;
  return {
    receipts: (batch) => listener.receipts(batch.map((r) => ({ ...r, gatewayId: namespace + r.gatewayId }))),
    inbound: (batch) => listener.inbound(batch),
    lateAccepts: (batch) =>
      listener.lateAccepts(batch.map((a) => ({ ...a, gatewayId: namespace + a.gatewayId }))),
  };
}

/** A submit's answers, their part ids put in the connection's namespace. */
function namespacedAnswers(answers: GatewayOutcome[], namespace: string): GatewayOutcome[] {
  if (namespace === "") return answers;
  return answers.map((answer) =>
    answer.status === "accepted" || answer.status === "unknown"
      ? { ...answer, parts: answer.parts.map((p) => ({ ...p, gatewayId: namespace + p.gatewayId })) }
      : answer,
  );
}

/**
 * The engine's one gateway in front of the SMSC connections staff manage (issue 26, ADR 65). Each
 * message goes to the first enabled connection of its route (the rules staff keep, with their
 * failover lists; without a matching rule, the connections by order: priority, then id), and its
 * outcome says which connection and rule took it. Peers share (ADR 91): when the first usable
 * connections of a route's list have the same priority, its messages are spread over them by
 * weight (smooth weighted round robin), so two binds to two SMSCs carry twice the traffic; one
 * taken out leaves its share to the others, and only when none of them is usable does the next
 * priority of the list take over. A changed connection is rebuilt and
 * its old gateway closed after what it had in flight settled (close drains); a disabled one is
 * closed. Every live connection is listened to, so receipts keep arriving from each.
 */
export function createGatewayRegistry<Spec>(options: GatewayRegistryOptions<Spec>): GatewayRegistry {
  const refreshMs = options.refreshMs ?? 2000;
  const warn = options.onWarning ?? ((message: string) => console.warn(`smsc connections: ${message}`));
  const live = new Map<number, Live>();
  const failuresToOpen = options.failuresToOpen ?? 2;
  const cooldownMs = options.cooldownMs ?? 5000;
  const now = options.now ?? (() => performance.now());
  /** Per connection: bad batches in a row, the last error, and until when it is out. */
  const health = new Map<number, { failures: number; lastError: string | null; openUntil: number }>();
  const healthOf = (id: number) => {
    let h = health.get(id);
    if (!h) {
      h = { failures: 0, lastError: null, openUntil: 0 };
      health.set(id, h);
    }
    return h;
  };
  /** Per connection since the last report: messages handed to it, and those not taken. */
  const traffic = new Map<number, { submitted: number; notTaken: number }>();
  let reportedAt = now();
  /** Taken out by its answers, its cooldown not over. */
  const isDown = (id: number) => (health.get(id)?.openUntil ?? 0) > now();
  /** Counts a batch's answers (null: it threw); answers whether the batch was bad. */
  function recordBatch(id: number, answers: readonly GatewayOutcome[] | null, error: string | null): boolean {
    const h = healthOf(id);
    const notTaken = answers
      ? answers.filter((a) => a.status === "retry" || a.status === "unknown").length
      : 0;
    const counted = traffic.get(id) ?? { submitted: 0, notTaken: 0 };
    counted.submitted += answers?.length ?? 0;
    counted.notTaken += notTaken;
    traffic.set(id, counted);
    const bad = answers === null || (answers.length > 0 && notTaken * 2 >= answers.length);
    if (!bad) {
      h.failures = 0;
      h.openUntil = 0;
      return false;
    }
    h.failures += 1;
    h.lastError =
      error ??
      (answers ?? []).map((a) => (a.status === "retry" ? a.reason : a.status)).find((r) => r !== undefined) ??
      null;
    if (h.failures >= failuresToOpen) {
      if (h.openUntil <= now())
        warn(`connection ${id} is out for ${cooldownMs} ms: ${h.lastError ?? "no answer"}`);
      h.openUntil = now() + cooldownMs;
    }
    return true;
  }
  let order: number[] = [];
  const priorities = new Map<number, number>();
  const weights = new Map<number, number>();
  /** Smooth weighted round robin: each peer's credit (ADR 91). */
  const credit = new Map<number, number>();
  let router = new Router([], [], []);
  let loadedAt = Number.NEGATIVE_INFINITY;
  let refreshing: Promise<void> | null = null;
  let rereading: Promise<void> | null = null;
  let listener: GatewayListener | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const retiring = new Set<Promise<void>>();

  function retire(gateway: SmsGateway) {
    const done = gateway
      .close()
      .catch((error) => warn(`closing a connection failed: ${String(error)}`))
      .finally(() => retiring.delete(done));
    retiring.add(done);
  }

  async function refreshNow(): Promise<void> {
    const [entries, routes] = await Promise.all([
      options.load(),
      options.loadRoutes?.() ?? Promise.resolve({ rules: [], ranges: [] }),
    ]);
    if (closed) return;
    const enabled = entries.filter((e) => e.enabled);
    for (const [id, current] of live) {
      const entry = enabled.find((e) => e.id === id);
      if (!entry || entry.version !== current.version) {
        live.delete(id);
        // A changed connection is judged afresh.
        health.delete(id);
        retire(current.gateway);
      }
    }
    for (const entry of enabled) {
      if (live.has(entry.id)) continue;
      const gateway = options.build(entry.spec);
      const namespace = entry.namespace ?? "";
      live.set(entry.id, { version: entry.version, gateway, namespace });
      if (listener) gateway.listen(namespaced(listener, namespace));
    }
    order = enabled.sort((a, b) => a.priority - b.priority || a.id - b.id).map((e) => e.id);
    priorities.clear();
    weights.clear();
    for (const entry of enabled) {
      priorities.set(entry.id, entry.priority);
      const weight = options.weight?.(entry.spec) ?? 1;
      weights.set(entry.id, Number.isFinite(weight) && weight > 0 ? weight : 1);
    }
    router = new Router(routes.rules, routes.ranges, order);
    loadedAt = performance.now();
  }

  /** One refresh at a time; callers within `refreshMs` of the last one use what is loaded. */
  function refresh(force = false): Promise<void> {
    if (closed) return Promise.resolve();
    if (!force && performance.now() - loadedAt < refreshMs) return Promise.resolve();
    if (!refreshing) {
      refreshing = refreshNow().finally(() => {
        refreshing = null;
      });
      return refreshing;
    }
    if (!force) return refreshing;
    // A reload follows a change: the read in flight may have been answered before it, so one more
    // read starts once that one ends (shared by every reload asked for meanwhile).
    rereading ??= refreshing
      .catch(() => undefined)
      .then(() => {
        rereading = null;
        return refresh(true);
      });
    return rereading;
  }

  async function active(): Promise<SmsGateway> {
    if (closed) throw new Error("the gateway is closed");
    await refresh();
    const id = order[0];
    const current = id === undefined ? undefined : live.get(id);
    if (!current) throw new Error("no SMSC connection is enabled");
    return current.gateway;
  }

  /**
   * The connection a message goes to among `usable` (its route's connections in order, live, not
   * out, not tried yet): the first, or when the ones after it have the same priority, the peer whose
   * credit is highest (each peer gains its weight, the chosen one pays the peers' total).
   */
  function pick(usable: readonly number[]): number | undefined {
    const first = usable[0];
    if (first === undefined || usable.length === 1) return first;
    const priority = priorities.get(first);
    let peers = 1;
    while (peers < usable.length && priorities.get(usable[peers] as number) === priority) peers++;
    if (peers === 1) return first;
    let total = 0;
    let best = first;
    let bestCredit = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < peers; i++) {
      const id = usable[i] as number;
      const weight = weights.get(id) ?? 1;
      total += weight;
      const next = (credit.get(id) ?? 0) + weight;
      credit.set(id, next);
      if (next > bestCredit) {
        bestCredit = next;
        best = id;
      }
    }
    credit.set(best, bestCredit - total);
    return best;
  }

  const simulators = () =>
    [...live.values()]
      .map((l) => l.gateway as Partial<SimulatorGateway>)
      .filter((g): g is SimulatorGateway => typeof g.simulateReply === "function");

  /**
   * One connection's share of a batch: its answers go into `outcomes` with the route taken. Answers
   * the messages to try on the next connection: none unless the batch went bad, then those it did
   * not take for sure (a throw took none of them; SmsGateway.submit).
   */
  async function submitGroup(
    connectionId: number,
    group: Group,
    outcomes: Map<string, GatewayOutcome>,
  ): Promise<GatewaySubmit[]> {
    let answers: GatewayOutcome[];
    try {
      answers = await group.gateway.submit(group.batch);
    } catch (error) {
      const reason = String(error instanceof Error ? error.message : error);
      recordBatch(connectionId, null, reason);
      for (const message of group.batch)
        outcomes.set(message.reference, {
          reference: message.reference,
          status: "retry",
          reason: `gateway error: ${reason}`,
        });
      return group.batch;
    }
    const bad = recordBatch(connectionId, answers, null);
    namespacedAnswers(answers, group.namespace).forEach((answer, i) => {
      outcomes.set(answer.reference, {
        ...answer,
        route: { connectionId, routeId: group.routeIds[i] ?? null },
      });
    });
    if (!bad) return [];
    const notTaken = new Set(answers.filter((a) => a.status === "retry").map((a) => a.reference));
    return group.batch.filter((m) => notTaken.has(m.reference));
  }

  return {
    name: "connections",
    async send(sms: OutgoingSms) {
      return (await active()).send(sms);
    },
    async submit(batch: readonly GatewaySubmit[]): Promise<GatewayOutcome[]> {
      if (batch.length === 0) return [];
      if (closed) throw new Error("the gateway is closed");
      await refresh();
      // Each message to the first live connection of its route (a disabled connection is not live)
      // that its answers have not taken out, one submit per connection, side by side; outcomes come
      // back in the batch's order with the route that was taken. A message none of whose connections
      // is live waits (retry): nothing was written anywhere.
      //
      // Failover within the call (issue 26 point 3): when a connection's batch went bad (it threw,
      // or at least half was not taken), what it did not take for sure (retry, never unknown: ADR 16)
      // goes at once to the next connection of its route that is not out. So a probe of a connection
      // that is still down, or the first batches after it fell, cost a few seconds, not a job retry.
      const decisions = new Map<string, RouteDecision>();
      const tried = new Map<string, number[]>();
      const outcomes = new Map<string, GatewayOutcome>();
      let pending: readonly GatewaySubmit[] = batch;
      for (let round = 0; pending.length > 0; round++) {
        const groups = new Map<number, Group>();
        for (const message of pending) {
          let decision = decisions.get(message.reference);
          if (!decision) {
            decision = router.route({
              recipient: message.to,
              sender: message.sender,
              purpose: message.purpose ?? "general",
              organizationId: message.organizationId ?? 0,
            });
            decisions.set(message.reference, decision);
          }
          const done = tried.get(message.reference) ?? [];
          const candidates = decision.connections.filter((id) => live.has(id) && !done.includes(id));
          // First try: the first connection not out, or one of its peers (same priority, next in
          // the list); when all are out, the first (it may be back: its batch tells). After a bad
          // batch: only a connection that is not out.
          const connectionId =
            pick(candidates.filter((id) => !isDown(id))) ?? (round === 0 ? candidates[0] : undefined);
          const current = connectionId === undefined ? undefined : live.get(connectionId);
          if (connectionId === undefined || !current) {
            if (!outcomes.has(message.reference))
              outcomes.set(message.reference, {
                reference: message.reference,
                status: "retry",
                reason: "no SMSC connection of its route is enabled",
              });
            continue;
          }
          let group = groups.get(connectionId);
          if (!group) {
            group = { gateway: current.gateway, namespace: current.namespace, routeIds: [], batch: [] };
            groups.set(connectionId, group);
          }
          group.batch.push(message);
          group.routeIds.push(decision.routeId);
          tried.set(message.reference, [...done, connectionId]);
        }
        if (round === 0 && groups.size === 0 && order.length === 0) {
          // Throwing before anything is written lets the engine submit the batch again later.
          throw new Error("no SMSC connection is enabled");
        }
        pending = (
          await Promise.all([...groups].map(([id, group]) => submitGroup(id, group, outcomes)))
        ).flat();
      }
      return batch.map(
        (message) =>
          outcomes.get(message.reference) ?? {
            reference: message.reference,
            status: "retry",
            reason: "no answer",
          },
      );
    },
    listen(next: GatewayListener) {
      if (listener) throw new Error("the gateway already has a listener");
      listener = next;
      for (const { gateway, namespace } of live.values()) gateway.listen(namespaced(next, namespace));
      const tick = () => {
        refresh(true)
          .catch((error) => warn(`reading the connections failed: ${String(error)}`))
          .then(() => sendReport())
          .catch((error) => warn(`reporting the connections' health failed: ${String(error)}`))
          .finally(() => {
            if (!closed) timer = setTimeout(tick, refreshMs).unref();
          });
      };
      tick();
    },
    async simulateReply(inbound: GatewayInbound) {
      await (refreshing ?? refresh());
      const simulator = simulators().find((s) => s.listening());
      if (!simulator) throw new Error("no listening simulator connection");
      await simulator.simulateReply(inbound);
    },
    listening() {
      // Before the first read, a listener set is enough: simulateReply waits for the read.
      if (listener === null) return false;
      return loadedAt === Number.NEGATIVE_INFINITY || simulators().some((s) => s.listening());
    },
    reload: () => refresh(true),
    health: currentHealth,
    async activeConnectionId() {
      await refresh();
      return order[0] ?? null;
    },
    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearTimeout(timer);
      await refreshing?.catch(() => undefined);
      for (const { gateway } of live.values()) retire(gateway);
      live.clear();
      await Promise.all([...retiring]);
    },
  };

  function currentHealth(): ConnectionHealth[] {
    const at = now();
    return [...live.keys()].map((id) => {
      const h = health.get(id);
      const out = (h?.openUntil ?? 0) > at;
      return {
        connectionId: id,
        state: out ? "down" : (h?.failures ?? 0) >= failuresToOpen ? "probing" : "up",
        failures: h?.failures ?? 0,
        lastError: h?.lastError ?? null,
        retryAt: out ? (h?.openUntil ?? null) : null,
      };
    });
  }

  async function sendReport(): Promise<void> {
    if (!options.report || closed) return;
    const at = now();
    const windowMs = Math.max(0, Math.round(at - reportedAt));
    reportedAt = at;
    const reports = currentHealth().map((h) => {
      const counted = traffic.get(h.connectionId) ?? { submitted: 0, notTaken: 0 };
      const load = live.get(h.connectionId)?.gateway.load?.() ?? null;
      return { ...h, ...counted, windowMs, load };
    });
    traffic.clear();
    if (reports.length > 0) await options.report(reports);
  }
}
