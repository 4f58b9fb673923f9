import type { Tx } from "@sms/db";
import { describe, expect, it } from "vitest";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { dispatchAccepted } from "./dispatch-campaign.ts";

/** dispatchAccepted's choice of jobs (ADR 68), with the rollups already counted: no statement runs. */
describe("dispatchAccepted", () => {
  const noDatabase = new Proxy({} as Tx, {
    get: () => {
      throw new Error("the rollups were counted by the insert: no statement expected");
    },
  });

  function recorder() {
    const calls: { job: string; payloads: unknown[]; startAfter: unknown }[] = [];
    const jobs: Pick<JobQueue, "enqueueMany"> = {
      enqueueMany: async (definition, payloads, options) => {
        calls.push({
          job: definition.name,
          payloads: [...payloads],
          startAfter: options?.startAfter ?? null,
        });
      },
    };
    return { calls, jobs };
  }

  const acceptedAt = new Date("2026-11-28T03:00:00Z");
  const later = new Date("2026-11-29T03:00:00Z");

  it("gives a group's sends dispatch-sends jobs, and a send to start later its own chunk jobs from then", async () => {
    const { calls, jobs } = recorder();
    await dispatchAccepted(noDatabase, jobs, {
      acceptedAt,
      chunkSize: 2,
      grouped: true,
      countedQueued: true,
      campaigns: [
        { id: 1, organizationId: 7, recipients: 1, startAt: null },
        { id: 2, organizationId: 7, recipients: 3, startAt: later },
        { id: 3, organizationId: 8, recipients: 2, startAt: null },
      ],
    });
    expect(calls).toEqual([
      {
        job: "engine.dispatch-sends",
        payloads: [
          {
            acceptedAt: acceptedAt.toISOString(),
            campaigns: [
              { id: 1, recipients: 1 },
              { id: 3, recipients: 2 },
            ],
          },
        ],
        startAfter: null,
      },
      {
        job: "engine.dispatch-chunk",
        payloads: [
          { campaignId: 2, acceptedAt: acceptedAt.toISOString(), fromSeq: 1, toSeq: 2 },
          { campaignId: 2, acceptedAt: acceptedAt.toISOString(), fromSeq: 3, toSeq: 3 },
        ],
        startAfter: later,
      },
    ]);
  });

  it("gives sends accepted one at a time chunk jobs", async () => {
    const { calls, jobs } = recorder();
    await dispatchAccepted(noDatabase, jobs, {
      acceptedAt,
      chunkSize: 1000,
      grouped: false,
      countedQueued: true,
      campaigns: [{ id: 4, organizationId: 7, recipients: 1, startAt: null }],
    });
    expect(calls.map((c) => c.job)).toEqual(["engine.dispatch-chunk"]);
  });
});
