import { describe, expect, it } from "vitest";
import { dispatchSendsJob } from "./jobs.ts";

describe("the engine's jobs", () => {
  it("API-send dispatch jobs are fetched several at a time, bursting while a backlog lasts (ADR 118)", () => {
    // One job a fetch and the 0.5 s poll capped 16 slots at 32 jobs a second; what a burst does is
    // tested with a real queue in jobs/boss.test.ts.
    expect(dispatchSendsJob.batchSize).toBeGreaterThan(1);
    expect(dispatchSendsJob.burstWhenBatchFull).toBe(true);
    expect(dispatchSendsJob.pollingIntervalSeconds).toBe(0.5);
  });
});
