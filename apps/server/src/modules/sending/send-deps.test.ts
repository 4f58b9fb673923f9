import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { sendDeps } from "./send-deps.ts";

/** The send deps come from the app's services, read when used (ADR 85). */
describe("sendDeps", () => {
  const handle = { kind: "pglite" };
  const db = { select: () => {} };
  const jobs = { enqueueMany: async () => {} };
  const config = { engine: { chunkSize: 500, acceptSliceRows: 2_000 }, publicUrl: "https://sms.example" };

  it("answers the app's own services and settings", () => {
    const app = { db, dbHandle: handle, jobs, config } as unknown as FastifyInstance;
    const deps = sendDeps(app);
    // The database itself, and its connection beside it (COPY): no handle to reach through.
    expect(deps.db).toBe(db);
    expect(deps.dbHandle).toBe(handle);
    expect(deps.jobs).toBe(jobs);
    expect([deps.chunkSize, deps.acceptSliceRows, deps.linkOrigin]).toEqual([
      500,
      2_000,
      "https://sms.example",
    ]);
    // Extended with Object.assign, the getters stay getters.
    const extended = Object.assign(sendDeps(app), { storage: "the storage" });
    expect(Object.getOwnPropertyDescriptor(extended, "jobs")?.get).toBeTypeOf("function");
    expect(extended.storage).toBe("the storage");
  });

  it("reads the job queue only when a use case needs it: a process without one still builds them", () => {
    const app = {
      db,
      dbHandle: handle,
      config,
      get jobs(): never {
        throw new Error("this process role has no job queue");
      },
    } as unknown as FastifyInstance;
    const deps = sendDeps(app);
    expect(deps.chunkSize).toBe(500);
    expect(() => deps.jobs).toThrow("no job queue");
  });
});
