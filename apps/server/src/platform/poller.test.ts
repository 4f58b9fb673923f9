import { describe, expect, it } from "vitest";
import { type PollOutcome, startPoller } from "./poller.ts";

/** A promise and the function that settles it. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

function recorder() {
  const warnings: { err: unknown; msg: string }[] = [];
  return {
    warnings,
    log: { warn: (obj: object, msg: string) => warnings.push({ ...(obj as { err: unknown }), msg }) },
  };
}

describe("startPoller", () => {
  it("runs one pass at a time, at once again while work is left, and stops when asked", async () => {
    const { log } = recorder();
    let passes = 0;
    let running = 0;
    let overlapped = false;
    const idle = gate();
    const stop = startPoller({
      intervalMs: 60_000,
      log,
      failure: "failed",
      tick: async () => {
        running += 1;
        overlapped ||= running > 1;
        await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
        passes += 1;
        if (passes < 3) return "more";
        idle.open();
        return "idle";
      },
    });
    await idle.promise;
    // The third pass found nothing: the next one waits a minute, and stopping does not.
    await stop();
    expect(passes).toBe(3);
    expect(overlapped).toBe(false);
  });

  it("a stop during a pass waits for that pass to end and starts none after it", async () => {
    const { log } = recorder();
    const started = gate();
    const release = gate();
    let passes = 0;
    let ended = false;
    const stop = startPoller({
      intervalMs: 1,
      log,
      failure: "failed",
      tick: async () => {
        passes += 1;
        started.open();
        await release.promise;
        ended = true;
        return "more";
      },
    });
    await started.promise;
    let stoppedAt: boolean | null = null;
    const stopping = stop().then(() => {
      stoppedAt = ended;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Still in the pass: the stop has not answered.
    expect(stoppedAt).toBeNull();
    release.open();
    await stopping;
    expect(stoppedAt).toBe(true);
    expect(passes).toBe(1);
  });

  it("logs a pass that threw and tries again after the interval", async () => {
    const { log, warnings } = recorder();
    const crash = new Error("connection lost");
    const recovered = gate();
    let passes = 0;
    const stop = startPoller({
      intervalMs: 5,
      log,
      failure: "polling failed; trying again",
      tick: async () => {
        passes += 1;
        if (passes === 1) throw crash;
        recovered.open();
        return "idle";
      },
    });
    await recovered.promise;
    await stop();
    expect(passes).toBe(2);
    expect(warnings).toEqual([{ err: crash, msg: "polling failed; trying again" }]);
  });

  it("a busy pass goes on when its wake settles, before the interval ends", async () => {
    const { log } = recorder();
    const slot = gate();
    const second = gate();
    let passes = 0;
    const stop = startPoller({
      intervalMs: 60_000,
      log,
      failure: "failed",
      tick: async (): Promise<PollOutcome> => {
        passes += 1;
        if (passes === 1) return { wake: slot.promise };
        second.open();
        return "idle";
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(passes).toBe(1);
    slot.open();
    await second.promise;
    await stop();
    expect(passes).toBe(2);
  });
});
