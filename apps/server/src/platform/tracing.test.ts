import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { trace } from "@opentelemetry/api";
import { InMemorySpanExporter } from "@opentelemetry/sdk-trace";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { inSpan, stage } from "./telemetry.ts";
import { otlpTracesUrl, startTracing, type Tracing } from "./tracing.ts";

const configWith = (env: NodeJS.ProcessEnv) => loadConfig({ NODE_ENV: "test", ...env });

/** The start-up's tracer provider (ADR 109): registered only with OTEL_EXPORTER_OTLP_ENDPOINT. */
describe("startTracing", () => {
  let tracing: Tracing | null = null;
  afterEach(async () => {
    await tracing?.shutdown();
    tracing = null;
  });

  it("registers nothing without OTEL_EXPORTER_OTLP_ENDPOINT: spans stay the API's no-op", async () => {
    const config = configWith({});
    expect(config.tracing).toBeNull();
    const exporter = new InMemorySpanExporter();
    tracing = startTracing(config, exporter);
    expect(tracing).toBeNull();
    const recording = await inSpan("test.unconfigured", async (span) => {
      stage("ignored");
      return span.isRecording();
    });
    expect(recording).toBe(false);
    expect(trace.getActiveSpan()).toBeUndefined();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it("sends the use cases' spans, with their stages and across awaits, to the exporter when configured", async () => {
    const config = configWith({
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318",
      OTEL_SERVICE_NAME: "sms-test",
    });
    expect(config.tracing).toEqual({ endpoint: "http://127.0.0.1:4318", serviceName: "sms-test" });
    const exporter = new InMemorySpanExporter();
    tracing = startTracing(config, exporter);
    expect(tracing).not.toBeNull();
    await inSpan("test.outer", async () => {
      stage("first");
      await new Promise((resolve) => setTimeout(resolve, 1));
      await inSpan("test.inner", async () => stage("inner"));
      stage("second");
    });
    await expect(inSpan("test.fails", async () => Promise.reject(new Error("refused")))).rejects.toThrow();
    await tracing?.flush();

    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name)).toEqual(["test.inner", "test.outer", "test.fails"]);
    const [inner, outer, failed] = spans;
    expect(outer?.events.map((e) => e.name)).toEqual(["first", "second"]);
    // The context manager carried the outer span across the await: the inner one is its child.
    expect(inner?.parentSpanContext?.spanId).toBe(outer?.spanContext().spanId);
    expect(failed?.status.code).toBe(2);
    expect(outer?.resource.attributes["service.name"]).toBe("sms-test");
  });

  it("posts them as OTLP/HTTP to <endpoint>/v1/traces", async () => {
    const received: { url: string | undefined; type: string | undefined; body: string }[] = [];
    const collector = createServer((request: IncomingMessage, response) => {
      let body = "";
      request.setEncoding("utf8");
      request.on("data", (chunk: string) => {
        body += chunk;
      });
      request.on("end", () => {
        received.push({ url: request.url, type: request.headers["content-type"], body });
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = collector.address() as AddressInfo;
      tracing = startTracing(configWith({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}/` }));
      await inSpan("sending.accept-campaign", async () => stage("stored"));
      await tracing?.flush();
      expect(received).toHaveLength(1);
      expect(received[0]?.url).toBe("/v1/traces");
      expect(received[0]?.type).toContain("application/json");
      expect(received[0]?.body).toContain('"name":"sending.accept-campaign"');
      expect(received[0]?.body).toContain('"name":"stored"');
    } finally {
      await new Promise((resolve) => collector.close(resolve));
    }
  });

  it("builds the traces URL under the endpoint, with or without its trailing slash", () => {
    expect(otlpTracesUrl("http://collector:4318")).toBe("http://collector:4318/v1/traces");
    expect(otlpTracesUrl("https://otel.example/base/")).toBe("https://otel.example/base/v1/traces");
  });
});
