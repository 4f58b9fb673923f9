import type { JobContext } from "../../jobs/define-job.ts";
import type { TDispatchChunk } from "./jobs.ts";

export async function dispatchChunk(_payload: TDispatchChunk, _context: JobContext): Promise<void> {
  throw new Error("dispatch is being built");
}
