import { describe, expect, it } from "vitest";
import { threadNice } from "./worker-pool.fixture.ts";
import { WORKER_NICE, WorkerCrashed, WorkerPool, WorkerPoolBusy, WorkerTaskError } from "./worker-pool.ts";

const task = new URL("./worker-pool.fixture.ts", import.meta.url);

describe("WorkerPool", () => {
  it("streams a task's events in order, each handled before the next is sent", async () => {
    const pool = new WorkerPool({ concurrency: 2, perKey: 1, maxQueued: 10, heapMb: 64 });
    const seen: number[] = [];
    let inHandler = false;
    const result = await pool.run({
      module: task,
      input: { mode: "events", n: 20 },
      onEvent: async (event) => {
        expect(inHandler).toBe(false);
        inHandler = true;
        await new Promise((resolve) => setTimeout(resolve, 1));
        seen.push((event as { i: number }).i);
        inHandler = false;
      },
    });
    expect(result).toEqual({ total: 20 });
    expect(seen).toEqual([...Array(20).keys()]);
  });

  // Linux only: elsewhere the nice value is the process's, and the pool leaves it alone.
  it.runIf(process.platform === "linux")(
    "runs tasks below the priority of the thread that answers requests",
    async () => {
      const before = threadNice();
      const pool = new WorkerPool({ concurrency: 1, perKey: 1, maxQueued: 10, heapMb: 64 });
      const low = await pool.run({ module: task, input: { mode: "nice" } });
      expect(low).toEqual({ nice: Math.min(19, before + WORKER_NICE) });
      expect(threadNice()).toBe(before);
      const same = new WorkerPool({ concurrency: 1, perKey: 1, maxQueued: 10, heapMb: 64, nice: 0 });
      expect(await same.run({ module: task, input: { mode: "nice" } })).toEqual({ nice: before });
    },
  );

  it("keeps a spare worker with the task's module loaded, so the next task of that module starts at once", async () => {
    const pool = new WorkerPool({ concurrency: 2, perKey: 1, maxQueued: 10, heapMb: 64 });
    const first = await pool.run<{ loadedAt: number; threadId: number }>({
      module: task,
      input: { mode: "loaded" },
    });
    // After a task of the module, one spare loads it and waits.
    await expect.poll(() => pool.readySpares, { timeout: 20_000 }).toBe(1);
    const asked = Date.now();
    const second = await pool.run<{ loadedAt: number; threadId: number }>({
      module: task,
      input: { mode: "loaded" },
    });
    expect(second.loadedAt).toBeLessThan(asked);
    expect(second.threadId).not.toBe(first.threadId);
    // Each worker runs one task: the spare taken, another is loaded for the next.
    await expect.poll(() => pool.readySpares, { timeout: 20_000 }).toBe(1);
    const third = await pool.run<{ threadId: number }>({ module: task, input: { mode: "loaded" } });
    expect(third.threadId).not.toBe(second.threadId);
    // Without spares, every task loads its module after it was asked for.
    const cold = new WorkerPool({ concurrency: 1, perKey: 1, maxQueued: 10, heapMb: 64, spares: false });
    await cold.run({ module: task, input: { mode: "loaded" } });
    const coldAsked = Date.now();
    const again = await cold.run<{ loadedAt: number }>({ module: task, input: { mode: "loaded" } });
    expect(again.loadedAt).toBeGreaterThanOrEqual(coldAsked);
    expect(cold.readySpares).toBe(0);
    await pool.close();
    await cold.close();
  });

  it("a task that outgrows its heap cap kills its worker only, and the pool goes on", async () => {
    const pool = new WorkerPool({ concurrency: 1, perKey: 1, maxQueued: 10, heapMb: 32 });
    const crash = await pool.run({ module: task, input: { mode: "bomb" } }).catch((error: unknown) => error);
    expect(crash).toBeInstanceOf(WorkerCrashed);
    expect((crash as WorkerCrashed).reason).toBe("memory");
    await expect(pool.run({ module: task, input: { mode: "events", n: 1 } })).resolves.toEqual({ total: 1 });
  });

  it("a task's error reaches the caller with its plain fields", async () => {
    const pool = new WorkerPool({ concurrency: 1, perKey: 1, maxQueued: 10, heapMb: 64 });
    const error = await pool.run({ module: task, input: { mode: "throw" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTaskError);
    expect((error as WorkerTaskError).message).toBe("unreadable file");
    expect((error as WorkerTaskError).data).toEqual({
      messageKey: "errors.not_found",
      row: 7,
      params: { limit: 3 },
      details: [{ path: "file", message: "errors.not_found" }],
    });
  });

  it("answers a task's requests with what the caller's handler returned", async () => {
    const pool = new WorkerPool({ concurrency: 1, perKey: 1, maxQueued: 10, heapMb: 64 });
    const result = await pool.run({
      module: task,
      input: { mode: "ask", n: 5 },
      onEvent: async (event) => ((event as { ask: number }).ask + 1) * 10,
    });
    expect(result).toEqual({ sum: 150 });
  });

  it("refuses a key's work past its own queue bound while other keys still queue", async () => {
    const pool = new WorkerPool({ concurrency: 1, perKey: 1, maxQueued: 10, maxQueuedPerKey: 1, heapMb: 64 });
    const wait = (key: string) =>
      pool.run({ module: task, key, input: { mode: "wait", label: key, ms: 300 } });
    const running = wait("org:1");
    const queued = wait("org:1");
    await expect(wait("org:1")).rejects.toMatchObject({ name: "WorkerPoolBusy", scope: "key" });
    const other = wait("org:2");
    await expect(Promise.all([running, queued, other])).resolves.toHaveLength(3);
  });

  it("a caller that refuses an event stops the task with its error", async () => {
    const pool = new WorkerPool({ concurrency: 1, perKey: 1, maxQueued: 10, heapMb: 64 });
    const refusal = new Error("cancelled");
    await expect(
      pool.run({
        module: task,
        input: { mode: "events", n: 100 },
        onEvent: (event) => {
          if ((event as { i: number }).i === 3) throw refusal;
        },
      }),
    ).rejects.toBe(refusal);
    expect(pool.stats).toEqual({ running: 0, queued: 0 });
  });

  it("takes keys in turn and runs at most perKey tasks of one key", async () => {
    const pool = new WorkerPool({ concurrency: 1, perKey: 1, maxQueued: 10, heapMb: 64 });
    const started: string[] = [];
    const run = (key: string, label: string) =>
      pool.run({
        module: task,
        key,
        input: { mode: "wait", label, ms: 10 },
        onEvent: (event) => {
          started.push((event as { started: string }).started);
        },
      });
    await Promise.all([run("org:1", "a1"), run("org:1", "a2"), run("org:1", "a3"), run("org:2", "b1")]);
    expect(started).toEqual(["a1", "b1", "a2", "a3"]);
  });

  it("tells a task's caller when its turn came, before the thread has booted", async () => {
    const pool = new WorkerPool({ concurrency: 1, perKey: 1, maxQueued: 10, heapMb: 64 });
    const seen: string[] = [];
    const run = (label: string) =>
      pool.run({
        module: task,
        input: { mode: "wait", label, ms: 20 },
        onStart: () => seen.push(`turn ${label}`),
        onEvent: () => {
          seen.push(`event ${label}`);
        },
      });
    const first = run("a");
    const second = run("b");
    expect(seen).toEqual(["turn a"]);
    await Promise.all([first, second]);
    expect(seen).toEqual(["turn a", "event a", "turn b", "event b"]);
  });

  it("refuses work past its queue bound and stops a task at its timeout", async () => {
    const pool = new WorkerPool({ concurrency: 1, perKey: 1, maxQueued: 1, heapMb: 64 });
    const first = pool.run({
      module: task,
      input: { mode: "wait", label: "x", ms: 2_000 },
      timeoutMs: 1_000,
    });
    const second = pool.run({ module: task, input: { mode: "events", n: 1 } });
    await expect(pool.run({ module: task, input: { mode: "events", n: 1 } })).rejects.toBeInstanceOf(
      WorkerPoolBusy,
    );
    const timedOut = await first.catch((error: unknown) => error);
    expect((timedOut as WorkerCrashed).reason).toBe("timeout");
    await expect(second).resolves.toEqual({ total: 1 });
  });
});
