import type { ChildProcess } from "node:child_process";
import { type Db, schema } from "@sms/db";

/** Resolves with the product process once its health answers on `port` (2 minutes at most). */
export function untilHealthy(child: ChildProcess, port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 120_000;
    const poll = async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
        if (res.ok) return resolve(child);
      } catch {}
      if (Date.now() > deadline) return reject(new Error("server did not start"));
      setTimeout(poll, 250);
    };
    child.once("exit", (code) => reject(new Error(`server exited ${code}`)));
    void poll();
  });
}

/**
 * The organization's API limits above what one run sends: the rate limit and the pumping guard stay
 * on, but a run's numbers (one number, or consecutive ones in a few prefixes) never reach them, so
 * the bench measures the server, not a limit.
 */
export async function limitsAboveTheRun(db: Db, organizationId: number): Promise<void> {
  await db.insert(schema.apiSettings).values({
    organizationId,
    rateLimitPerSecond: 100_000,
    pumpPrefixMax: 100_000_000,
    pumpFreshKeyMax: 100_000_000,
  });
}
