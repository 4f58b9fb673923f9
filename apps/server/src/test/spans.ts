import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import {
  type Context,
  type ContextManager,
  context,
  ROOT_CONTEXT,
  type Span,
  type SpanContext,
  TraceFlags,
  type Tracer,
  trace,
} from "@opentelemetry/api";

/** A span as the recorder kept it: times in milliseconds (performance.now()). */
export interface RecordedSpan {
  name: string;
  start: number;
  end: number | null;
  events: { name: string; at: number }[];
  failed: boolean;
}

/**
 * Records the server's spans in memory (platform/telemetry.ts, ADR 85), for tests and the benches:
 * an OpenTelemetry tracer provider and an AsyncLocalStorage context manager registered globally
 * until `stop()`. No SDK needed: what it implements is the API's interfaces.
 */
export function recordSpans(): { spans: RecordedSpan[]; stop: () => void } {
  const spans: RecordedSpan[] = [];
  const store = new AsyncLocalStorage<Context>();
  const manager: ContextManager = {
    active: () => store.getStore() ?? ROOT_CONTEXT,
    with: (ctx, fn, thisArg, ...args) => store.run(ctx, () => fn.apply(thisArg, args)),
    bind: (_ctx, target) => target,
    enable() {
      return this;
    },
    disable() {
      store.disable();
      return this;
    },
  };

  function startSpan(name: string): Span {
    const recorded: RecordedSpan = { name, start: performance.now(), end: null, events: [], failed: false };
    spans.push(recorded);
    const ids: SpanContext = {
      traceId: randomBytes(16).toString("hex"),
      spanId: randomBytes(8).toString("hex"),
      traceFlags: TraceFlags.SAMPLED,
    };
    const span: Span = {
      spanContext: () => ids,
      setAttribute: () => span,
      setAttributes: () => span,
      addEvent: (event) => {
        recorded.events.push({ name: event, at: performance.now() });
        return span;
      },
      addLink: () => span,
      addLinks: () => span,
      setStatus: (status) => {
        recorded.failed = status.code === 2;
        return span;
      },
      updateName: () => span,
      end: () => {
        recorded.end = performance.now();
      },
      isRecording: () => recorded.end === null,
      recordException: () => {},
    };
    return span;
  }

  const tracer = {
    startSpan,
    // startActiveSpan(name, [options, [context,]] fn): the span is the active one while fn runs.
    startActiveSpan(name: string, ...rest: unknown[]) {
      const fn = rest[rest.length - 1] as (span: Span) => unknown;
      const span = startSpan(name);
      return context.with(trace.setSpan(context.active(), span), () => fn(span));
    },
  } as unknown as Tracer;

  context.setGlobalContextManager(manager);
  trace.setGlobalTracerProvider({ getTracer: () => tracer });
  return {
    spans,
    stop: () => {
      trace.disable();
      context.disable();
    },
  };
}

/** Seconds from each stage to the previous one (or the span's start), as the benches report them. */
export function stageSeconds(span: RecordedSpan): Record<string, number> {
  const stages: Record<string, number> = {};
  let last = span.start;
  for (const event of span.events) {
    stages[event.name] = (event.at - last) / 1000;
    last = event.at;
  }
  return stages;
}

/** The stages (span events) the server marked while `work` ran, in order, and its result. */
export async function stagesOf<T>(work: () => Promise<T>): Promise<{ result: T; stages: string[] }> {
  const recorder = recordSpans();
  try {
    const result = await work();
    return { result, stages: recorder.spans.flatMap((span) => span.events.map((event) => event.name)) };
  } finally {
    recorder.stop();
  }
}
