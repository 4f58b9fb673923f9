// The entry of every heavy-work thread (worker-pool.ts): loads the task module through tsx (the
// server runs its TypeScript sources), runs it, and streams its events with an acknowledgement each,
// so a task never runs ahead of its caller by more than one event.
import { parentPort, workerData } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

const port = parentPort;
if (!port) throw new Error("worker-entry.mjs runs only as a worker thread");

let nextId = 0;
const acks = new Map();
port.on("message", (message) => {
  if (message?.type === "ack") {
    acks.get(message.id)?.();
    acks.delete(message.id);
  }
});

const taskPort = {
  emit(event, transfer = []) {
    const id = nextId++;
    return new Promise((resolve) => {
      acks.set(id, resolve);
      port.postMessage({ type: "event", id, event }, transfer);
    });
  },
};

try {
  const module = await tsImport(workerData.module, import.meta.url);
  const task = module.default;
  const result = await task(workerData.input, taskPort);
  port.postMessage({ type: "done", result });
} catch (error) {
  const data = {};
  for (const [key, value] of Object.entries(error ?? {})) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) data[key] = value;
  }
  port.postMessage({
    type: "error",
    name: error?.name ?? "Error",
    message: error?.message ?? String(error),
    data,
  });
}
