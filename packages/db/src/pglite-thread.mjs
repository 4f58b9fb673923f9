// The embedded database's own thread (ADR 29). PGlite runs PostgreSQL compiled to WebAssembly
// synchronously on whatever thread calls it: on the server's main thread one long statement froze
// every HTTP answer. Here it runs beside the main thread, which talks to it through PGliteRemote
// (pglite-remote.ts): queries, exec, transactions held open across messages, LISTEN, and dumps.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

const port = parentPort;
if (!port) throw new Error("pglite-thread.mjs runs only as a worker thread");

const { dataDir, loadDataDir, slowMs, assets } = workerData;
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
    .slice(0, 160);

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
  ending.set(id, { end, done });
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
      return null;
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
// starts when it arrived or when the statement answered before it ended, whichever is later.
let lastAnswered = 0;

port.on("message", (message) => {
  const started = slowMs > 0 ? performance.now() : 0;
  const reply = (answer) => {
    if (slowMs > 0 && message.op !== "begin") {
      const now = performance.now();
      const ms = now - started;
      const runMs = now - Math.max(started, lastAnswered);
      lastAnswered = now;
      if (ms >= slowMs) {
        const text = shortText(message.text ?? message.op);
        process.stderr.write(
          `${JSON.stringify({ msg: "slow embedded statement", ms: Math.round(ms), runMs: Math.round(runMs), tx: message.tx ?? null, text })}\n`,
        );
      }
    }
    port.postMessage({ type: "reply", id: message.id, ...answer });
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
  (message.priority === INTERACTIVE ? interactive : background).push({ message, reply });
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
// every one queued before it. After MAX_STREAK interactive turns in a row, a waiting background
// call takes one turn, so a stream of requests never starves the jobs.
const INTERACTIVE = 0;
const MAX_STREAK = 8;
const interactive = [];
const background = [];
let held = false;
let streak = 0;

function next() {
  if (interactive.length > 0 && (streak < MAX_STREAK || background.length === 0)) {
    streak++;
    return interactive.shift();
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
