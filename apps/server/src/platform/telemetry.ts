import { type Span, SpanStatusCode, trace } from "@opentelemetry/api";

/**
 * The server's timings as OpenTelemetry spans (ADR 85): a long use case runs in a span, and marks
 * each stage it reaches as an event on it. The API does nothing until a tracer provider and a
 * context manager are registered: production registers none today, the acceptance bench registers
 * a recorder (`test/spans.ts`), and an exporter would be registered the same way.
 */
/** Runs `work` in a span named `name` (`<module>.<use case>`), ended when it settles; a failure is recorded on it. */
export function inSpan<T>(name: string, work: (span: Span) => Promise<T>): Promise<T> {
  // Looked up per call: a provider registered later (or again, in tests) is the one used.
  return trace.getTracer("@sms/server").startActiveSpan(name, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Marks a stage reached (stored, charged, …) on the span around the caller; outside one, nothing. */
export function stage(name: string): void {
  trace.getActiveSpan()?.addEvent(name);
}
