import { afterEach, describe, expect, it } from "vitest";
import { recordSpans } from "../test/spans.ts";
import { inSpan, stage } from "./telemetry.ts";

/** The use cases' timings as spans (ADR 85), seen through the in-memory recorder. */
describe("telemetry", () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it("marks stages on the span around them, across awaits, and ends it with the work", async () => {
    const recorder = recordSpans();
    stop = recorder.stop;
    const answer = await inSpan("test.work", async () => {
      stage("first");
      await new Promise((resolve) => setTimeout(resolve, 5));
      stage("second");
      return 42;
    });
    expect(answer).toBe(42);
    expect(recorder.spans).toEqual([
      expect.objectContaining({
        name: "test.work",
        failed: false,
        events: [expect.objectContaining({ name: "first" }), expect.objectContaining({ name: "second" })],
      }),
    ]);
    const [span] = recorder.spans;
    expect(span?.end).toBeGreaterThanOrEqual(span?.events[1]?.at ?? Number.POSITIVE_INFINITY);
  });

  it("records a failure on the span and passes the error on; outside a span a stage is nothing", async () => {
    const recorder = recordSpans();
    stop = recorder.stop;
    stage("nowhere");
    const failure = new Error("refused");
    await expect(inSpan("test.fails", async () => Promise.reject(failure))).rejects.toBe(failure);
    expect(recorder.spans).toEqual([
      expect.objectContaining({ name: "test.fails", failed: true, events: [] }),
    ]);
  });

  it("does nothing without a registered provider", async () => {
    expect(await inSpan("test.unrecorded", async () => "done")).toBe("done");
    stage("ignored");
  });
});
