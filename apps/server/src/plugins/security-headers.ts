import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";

/**
 * The policy of an HTML page. Scripts: the app's own files plus the exact inline scripts of
 * that page (React Router's hydration context, the marketing cookie-banner snippet), by hash,
 * so an injected inline script never runs. Styles keep 'unsafe-inline': sonner injects its
 * stylesheet as a <style> element at run time and react-aria positions overlays with
 * style attributes; style injection cannot run script.
 */
export function pageCsp(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...scriptHashes].join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** CSP sources ('sha256-…') for every inline <script> of a page, in document order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...new Set(hashes)];
}

/**
 * Helmet for every answer, with the API policy as the default Content-Security-Policy;
 * web/static.ts replaces it with the page policy on the HTML it serves.
 *
 * Helmet's middleware is built once, here: @fastify/helmet built it again for every request
 * (every header's options parsed, the CSP's directives normalised), about 4% of a public API
 * call's CPU (ADR 112). Helmet's options are the same, so are the headers.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const setHeaders = helmet({
      // API answers are data, never documents: nothing may load from them or frame them.
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      // No feature needs cross-origin isolation; require-corp would only block embeds.
      crossOriginEmbedderPolicy: false,
    });
    app.addHook("onRequest", (request, reply, done) => {
      setHeaders(request.raw, reply.raw, () => done());
    });
  },
  { name: "security-headers" },
);
