// The embedded database's own thread (ADR 29). PGlite runs PostgreSQL compiled to WebAssembly
// synchronously on whatever thread calls it: on the server's main thread one long statement froze
// every HTTP answer. Here it runs beside the main thread, which talks to it through PGliteRemote
// (pglite-remote.ts): queries, exec, transactions held open across messages, LISTEN, and dumps.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

const port = parentPort;
if (!port) throw new Error("pglite-thread.mjs runs only as a worker thread");

const { dataDir, loadDataDir, slowMs, holdMs, assets } = workerData;
// `assets`: the WebAssembly modules the opening thread compiled once for all its databases (ADR 64).
const db = await PGlite.create(dataDir, { ...assets, ...(loadDataDir ? { loadDataDir } : {}) });

/** Open transactions: id → the PGlite transaction and the way to end it. */
const transactions = new Map();
let nextTransaction = 1;
const listeners = new Map();

// drizzle asks for the text of dates and intervals (identity parsers); functions cannot cross
// threads, so the main side sends the type ids and the parsers are rebuilt here.
const identity = (value) => value;
function optionsOf(options) {
  if (!options) return undefined;
  const { parserTypes, ...rest } = options;
  if (!parserTypes) return rest;
  return { ...rest, parsers: Object.fromEntries(parserTypes.map((type) => [type, identity])) };
}

function errorOf(error) {
  const plain = { name: error?.name ?? "Error", message: error?.message ?? String(error) };
  if (error && typeof error === "object") {
    for (const [key, value] of Object.entries(error)) {
      if (value === undefined || value === null) continue;
      if (["string", "number", "boolean"].includes(typeof value)) plain[key] = value;
    }
  }
  return plain;
}

function target(tx, text) {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error("transaction is closed");
  open.statements++;
  open.first ??= text ?? null;
  return open.tx;
}

const shortText = (text) =>
  String(text ?? "")
    .replace(/\s+/g, " ")
    .slice(0, 400);

/** With PGLITE_SLOW_MS: a transaction that held the one session that long (begin to end). */
function logHeld(id, open) {
  if (slowMs <= 0) return;
  const heldMs = performance.now() - open.since;
  if (heldMs < slowMs) return;
  process.stderr.write(
    `${JSON.stringify({ msg: "slow embedded transaction", heldMs: Math.round(heldMs), tx: id, statements: open.statements, first: shortText(open.first) })}\n`,
  );
}

/** Ends a transaction: a commit returns normally from PGlite's callback, a rollback throws this. */
class Rollback extends Error {}

const ending = new Map();

function begin(reply) {
  const id = nextTransaction++;
  let end;
  const ended = new Promise((resolve) => {
    end = resolve;
  });
  let started = false;
  const done = db
    .transaction(async (tx) => {
      const open = { tx, since: performance.now(), statements: 0, first: null };
      transactions.set(id, open);
      started = true;
      reply({ ok: true, result: id });
      const { commit } = await ended;
      transactions.delete(id);
      logHeld(id, open);
      if (!commit) throw new Rollback();
    })
    .catch((error) => {
      transactions.delete(id);
      if (error instanceof Rollback) return;
      if (started) throw error;
      // BEGIN itself failed: nothing will end this transaction, so the error is answered here.
      ending.delete(id);
      reply({ ok: false, error: errorOf(error) });
    });
  ending.set(id, { end, done, since: performance.now() });
}

async function handle(message) {
  switch (message.op) {
    case "query": {
      const result = await target(message.tx, message.text).query(
        message.text,
        message.params,
        optionsOf(message.options),
      );
      return {
        rows: result.rows,
        fields: result.fields,
        affectedRows: result.affectedRows,
        blob: result.blob,
      };
    }
    case "exec": {
      const results = await target(message.tx, message.text).exec(message.text, optionsOf(message.options));
      return results.map((result) => ({
        rows: result.rows,
        fields: result.fields,
        affectedRows: result.affectedRows,
      }));
    }
    case "end": {
      const open = ending.get(message.tx);
      if (!open) throw new Error("transaction is closed");
      ending.delete(message.tx);
      open.end({ commit: message.commit });
      await open.done;
      // How long this transaction kept the session from everyone else (see `busyMs` below).
      return { heldMs: performance.now() - open.since };
    }
    case "listen": {
      const unsubscribe = await db.listen(message.channel, (payload) =>
        port.postMessage({ type: "notify", channel: message.channel, payload }),
      );
      listeners.set(message.channel, unsubscribe);
      return null;
    }
    case "unlisten": {
      await listeners.get(message.channel)?.();
      listeners.delete(message.channel);
      return null;
    }
    case "dump":
      return db.dumpDataDir(message.compression);
    case "close":
      await db.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

// PGLITE_SLOW_MS (config.ts): statements answered after that long (their run and their wait for
// the one session) are written to stderr, to find what makes other tenants wait (ADR 29). `runMs`
// is the statement's own share: the session runs one statement at a time, so a statement's run
// starts when it got the session or when the statement answered before it ended, whichever is later.
let lastAnswered = 0;

// Every answer carries `busyMs`: how long that call kept the one session from every other caller
// (its statement's run; for a transaction, nothing per statement and its whole hold at its end).
// The main thread adds them up per caller (meterSession in priority.ts), so background loops can
// size their slices by what they cost others (time-boxed slices, ADR 29).
port.on("message", (message) => {
  if (message.op === "request-end") {
    endHold(message.request);
    return;
  }
  const started = performance.now();
  // When it got the session: at once for a transaction's own statements, or when pump() gave it.
  const timing = { ran: started };
  const reply = (answer) => {
    const now = performance.now();
    const runMs = now - Math.max(timing.ran, lastAnswered);
    lastAnswered = now;
    if (message.op === "end") {
      const heldMs = answer.ok ? answer.result.heldMs : 0;
      answer = answer.ok ? { ...answer, result: null } : answer;
      answer.busyMs = heldMs;
    } else if (message.tx === undefined && message.op !== "begin") {
      answer.busyMs = runMs;
    }
    if (slowMs > 0 && message.op !== "begin") {
      const ms = now - started;
      if (ms >= slowMs) {
        const text = shortText(message.text ?? message.op);
        process.stderr.write(
          `${JSON.stringify({ msg: "slow embedded statement", ms: Math.round(ms), runMs: Math.round(runMs), tx: message.tx ?? null, text })}\n`,
        );
      }
    }
    port.postMessage({ type: "reply", id: message.id, ...answer });
    if (message.request !== undefined) hold(message.request);
  };
  // A statement of an open transaction (or its end) runs at once: that transaction holds the session.
  if (message.tx !== undefined) {
    // Only the end of a transaction that holds the session gives the session back.
    const releases = message.op === "end" && ending.has(message.tx);
    run(message, reply).then(() => {
      if (releases) release();
    });
    return;
  }
  (message.priority === INTERACTIVE ? interactive : background).push({ message, reply, timing });
  pump();
});

function run(message, reply) {
  return handle(message).then(
    (result) => {
      reply({ ok: true, result });
      if (message.op === "close") port.close();
    },
    (error) => reply({ ok: false, error: errorOf(error) }),
  );
}

// The one session is given out here rather than in PGlite's own first-come queue (ADR 29): a
// statement or transaction of an HTTP request (priority INTERACTIVE, set by the server per request)
// goes before background work (jobs, imports, exports, dispatch, receipts) that is waiting, so a
// request waits for at most the one background statement or transaction already running, not for
// every one queued before it. A request makes its calls one after another (authenticate, then
// read, …): between them, for up to HOLD_MS after its last answer, the session waits for its next
// call rather than start background work, which would make the request wait a second time. The hold
// ends early when the main thread says the request has answered ("request-end"). After MAX_STREAK
// interactive turns in a row, a waiting background call takes one turn (holds included), so a
// stream of requests never starves the jobs.
const INTERACTIVE = 0;
const MAX_STREAK = 8;
const HOLD_MS = holdMs ?? 15;
const interactive = [];
const background = [];
let held = false;
let streak = 0;
/** Requests that may make another call soon: request id → until when (performance.now()). */
const holds = new Map();
let holdTimer;

function hold(request) {
  holds.set(request, performance.now() + HOLD_MS);
}

function endHold(request) {
  if (holds.delete(request)) pump();
}

/** How long background work should still wait for a request's next call (0: not at all). */
function holding() {
  if (holds.size === 0) return 0;
  const now = performance.now();
  let wait = 0;
  for (const [request, until] of holds) {
    if (until <= now) holds.delete(request);
    else wait = Math.max(wait, until - now);
  }
  return wait;
}

function next() {
  if (interactive.length > 0 && (streak < MAX_STREAK || background.length === 0)) {
    streak++;
    return interactive.shift();
  }
  if (background.length === 0) return undefined;
  if (streak < MAX_STREAK) {
    const wait = holding();
    if (wait > 0) {
      if (!holdTimer) {
        holdTimer = setTimeout(() => {
          holdTimer = undefined;
          pump();
        }, Math.ceil(wait));
      }
      return undefined;
    }
  }
  streak = 0;
  return background.shift();
}

function release() {
  held = false;
  pump();
}

function pump() {
  while (!held) {
    const call = next();
    if (!call) return;
    held = true;
    call.timing.ran = performance.now();
    if (call.message.op === "begin") {
      // Held until the transaction's "end" has run (or BEGIN itself failed).
      begin((answer) => {
        call.reply(answer);
        if (!answer.ok) release();
      });
    } else {
      run(call.message, call.reply).then(release, release);
    }
  }
}

port.postMessage({ type: "ready" });
