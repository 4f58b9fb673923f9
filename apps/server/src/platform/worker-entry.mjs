// The entry of every heavy-work thread (worker-pool.ts): loads the task module (its bundle, plain
// JavaScript: task-bundle.ts), runs it, and streams its events with an acknowledgement each, so a
// task never runs ahead of its caller by more than one event.
import { getPriority, setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";

const port = parentPort;
if (!port) throw new Error("worker-entry.mjs runs only as a worker thread");

let nextId = 0;
const acks = new Map();
port.on("message", (message) => {
  if (message?.type === "ack") {
    acks.get(message.id)?.(message.reply);
    acks.delete(message.id);
  }
});

function send(event, transfer, reply) {
  const id = nextId++;
  return new Promise((resolve) => {
    acks.set(id, resolve);
    port.postMessage({ type: "event", id, event, reply }, transfer);
  });
}

const taskPort = {
  async emit(event, transfer = []) {
    await send(event, transfer, false);
  },
  request(event) {
    return send(event, [], true);
  },
};

/** A field the caller can use: plain values, and plain objects or arrays of them (a message's params). */
function plain(value) {
  if (value === null || ["string", "number", "boolean"].includes(typeof value)) return value;
  if (typeof value !== "object" || value instanceof Error) return undefined;
  try {
    return JSON.parse(JSON.stringify(value));
  } catch {
    return undefined;
  }
}

/**
 * Heavy work yields the processor to the threads that answer requests (the HTTP loop and the
 * embedded database's thread, ADR 30): on Linux a thread's nice value is its own, and
 * setpriority(…, 0, …) sets the calling thread's (relative to the server's own). Elsewhere it would
 * lower the whole server, so only Linux does it. It is lowered once the task's module is loaded:
 * loading is the same small cost for every task, whatever the tenant sent, and at nice 10 on a busy
 * machine it made a two-line file wait many seconds; what the input makes costly runs lowered.
 */
function yieldToRequests() {
  if (process.platform !== "linux" || !(workerData.nice > 0)) return;
  try {
    setPriority(Math.min(19, getPriority() + workerData.nice));
  } catch {
    // Not permitted here: the task runs at the server's priority.
  }
}

/**
 * A spare (worker-pool.ts) loads its module first, says so, and gets its input when a task comes.
 * Listened for from the start: the pool may hand it a task while it is still loading.
 */
const started = workerData.spare
  ? new Promise((resolve) => {
      const onStart = (message) => {
        if (message?.type !== "start") return;
        port.off("message", onStart);
        resolve(message.input);
      };
      port.on("message", onStart);
    })
  : Promise.resolve(workerData.input);

function inputOf() {
  if (workerData.spare) port.postMessage({ type: "ready" });
  return started;
}

try {
  const module = await import(workerData.module);
  const task = module.default;
  const input = await inputOf();
  yieldToRequests();
  const result = await task(input, taskPort);
  port.postMessage({ type: "done", result });
} catch (error) {
  const data = {};
  for (const [key, value] of Object.entries(error ?? {})) {
    const kept = plain(value);
    if (kept !== undefined) data[key] = kept;
  }
  port.postMessage({
    type: "error",
    name: error?.name ?? "Error",
    message: error?.message ?? String(error),
    data,
  });
}
