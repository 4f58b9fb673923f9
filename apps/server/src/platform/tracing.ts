import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, type SpanExporter, TracerProvider } from "@opentelemetry/sdk-trace";
import { PRODUCT_VERSION } from "@sms/domain";
import type { Config } from "../config.ts";

/** A registered tracer provider; `shutdown` sends what is still buffered and unregisters it. */
export interface Tracing {
  /** Sends the spans ended so far (tests, a shutdown's last batch). */
  flush: () => Promise<void>;
  shutdown: () => Promise<void>;
}

/** Where OTLP/HTTP sends traces under a base endpoint: the signal's path after it (OTLP spec). */
export const otlpTracesUrl = (endpoint: string) => `${endpoint.replace(/\/+$/, "")}/v1/traces`;

/**
 * Registers the process's tracer provider at start-up, only when OTEL_EXPORTER_OTLP_ENDPOINT is set
 * (ADR 109): the spans of `platform/telemetry.ts` (ADR 85) are batched and sent as OTLP/HTTP JSON
 * to `<endpoint>/v1/traces`, with an AsyncLocalStorage context manager so a use case's span follows
 * its awaits. Without the endpoint nothing is registered and the OpenTelemetry API stays the no-op
 * it is by default. `exporter` replaces the OTLP one (tests: an in-memory exporter).
 */
export function startTracing(config: Pick<Config, "tracing">, exporter?: SpanExporter): Tracing | null {
  const settings = config.tracing;
  if (!settings) return null;
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      "service.name": settings.serviceName,
      "service.version": PRODUCT_VERSION,
    }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: exporter ?? new OTLPTraceExporter({ url: otlpTracesUrl(settings.endpoint) }),
      }),
    ],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  trace.setGlobalTracerProvider(provider);
  return {
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      try {
        await provider.shutdown();
      } finally {
        trace.disable();
        context.disable();
      }
    },
  };
}
