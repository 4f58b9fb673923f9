import { readFileSync } from "node:fs";
import { normaliseRecipient } from "@sms/domain/rules/phone";
import Papa from "papaparse";
import type { TaskPort } from "./worker-pool.ts";

/** The calling thread's nice value (Linux: field 19 of /proc/thread-self/stat). */
export function threadNice(): number {
  const stat = readFileSync("/proc/thread-self/stat", "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}

/** When this module was loaded in its worker (epoch ms): a spare worker loads it before its task. */
const loadedAt = Date.now();

/** A task for worker-pool.test.ts: streams events, asks its caller, exhausts its heap, throws, or waits. */
export default async function fixtureTask(
  input: {
    mode: "events" | "bomb" | "throw" | "wait" | "ask" | "nice" | "loaded" | "bundle";
    n?: number;
    label?: string;
    ms?: number;
  },
  port: TaskPort,
) {
  if (input.mode === "nice") return { nice: threadNice() };
  // What task-bundle.test.ts checks: the module's own URL, a workspace package, a package, where it runs.
  if (input.mode === "bundle")
    return {
      url: import.meta.url,
      phone: normaliseRecipient("081-234-5678"),
      csv: Papa.parse<string[]>("a,b").data,
      stack: new Error("here").stack,
    };
  if (input.mode === "loaded") return { loadedAt, threadId: (await import("node:worker_threads")).threadId };
  if (input.mode === "bomb") {
    const kept: string[] = [];
    for (;;) kept.push(`${"x".repeat(1000)}${Math.random()}`);
  }
  if (input.mode === "throw")
    throw Object.assign(new Error("unreadable file"), {
      messageKey: "errors.not_found",
      row: 7,
      params: { limit: 3 },
      details: [{ path: "file", message: "errors.not_found" }],
      fail: () => undefined,
    });
  if (input.mode === "ask") {
    let sum = 0;
    for (let i = 0; i < (input.n ?? 0); i += 1) sum += await port.request<number>({ ask: i });
    return { sum };
  }
  if (input.mode === "wait") {
    await port.emit({ started: input.label });
    await new Promise((resolve) => setTimeout(resolve, input.ms ?? 50));
    return { label: input.label };
  }
  for (let i = 0; i < (input.n ?? 0); i += 1) await port.emit({ i });
  return { total: input.n };
}
