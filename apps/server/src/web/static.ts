import { existsSync, readFileSync, statSync } from "node:fs";
import { join, normalize, relative, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import { LOCALE_COOKIE, matchRoute, splitLocale } from "@sms/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { inlineScriptHashes, pageCsp } from "../plugins/security-headers.ts";

export interface WebOptions {
  webDist: string;
  includeDev: boolean;
}

export interface WebPages {
  /** The app's 404 page (for routes outside the web app that answer not found, such as /l/:token). */
  notFound: (reply: FastifyReply) => unknown;
}

const SPA_FALLBACK = "__spa-fallback.html";

/** The remembered language, if the cookie holds one; anything else (malformed, unknown) is ignored. */
function rememberedLocale(request: FastifyRequest): "th" | "en" | undefined {
  const value = request.cookies[LOCALE_COOKIE];
  return value === "th" || value === "en" ? value : undefined;
}

/**
 * Serves the built web app: real files, prerendered pages, the SPA fallback for app routes
 * from the shared route table, and a real 404 (with the app's error page) for anything else.
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<WebPages> {
  const root = options.webDist;
  if (!existsSync(root)) app.log.warn({ root }, "web build not found; pages answer 503 until it exists");
  await app.register(fastifyStatic, { root, serve: false });
  // Looked up per request so a rebuild while the server runs is picked up.
  const fallbackFile = () =>
    existsSync(join(root, SPA_FALLBACK))
      ? SPA_FALLBACK
      : existsSync(join(root, "index.html"))
        ? "index.html"
        : null;

  const isFile = (rel: string) => {
    const abs = normalize(join(root, rel));
    if (!abs.startsWith(root + sep)) return false;
    try {
      return statSync(abs).isFile();
    } catch {
      return false;
    }
  };

  // Each page's policy lists the hashes of its own inline scripts; computed once per build of
  // the file (size and mtime), so a rebuild while the server runs gets a fresh policy.
  const policies = new Map<string, { stamp: string; csp: string }>();
  const policyFor = (file: string) => {
    const abs = join(root, file);
    const { size, mtimeMs } = statSync(abs);
    const stamp = `${size}:${mtimeMs}`;
    const cached = policies.get(file);
    if (cached?.stamp === stamp) return cached.csp;
    const csp = pageCsp(inlineScriptHashes(readFileSync(abs, "utf8")));
    policies.set(file, { stamp, csp });
    return csp;
  };

  const sendHtml = (reply: FastifyReply, file: string, status = 200) => {
    // Helmet already set the API policy on the raw response; a page carries its own instead.
    reply.raw.removeHeader("content-security-policy");
    return reply
      .status(status)
      .header("cache-control", "no-cache")
      .header("content-type", "text/html; charset=utf-8")
      .header("content-security-policy", policyFor(file))
      .sendFile(file, { cacheControl: false });
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, "http://x");
    if (url.pathname.startsWith("/api/")) return reply.callNotFound();
    const fallback = fallbackFile();
    if (!fallback) return reply.status(503).type("text/plain").send("The web app is not built yet.");
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return sendHtml(reply, fallback, 404);
    }

    const rel = relative(root, normalize(join(root, pathname)));
    if (rel && !rel.startsWith("..") && isFile(rel) && !rel.endsWith(".html")) {
      const immutable = rel.startsWith(`assets${sep}`);
      return reply
        .header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600")
        .sendFile(rel, { cacheControl: false });
    }

    if (pathname === "/") {
      // Browser-language detection applies on the root path only (spec §2).
      reply.header("vary", "Accept-Language, Cookie");
      const remembered = rememberedLocale(request);
      const wanted = remembered ?? request.locale;
      if (wanted === "en") return reply.redirect(`/en${url.search}`, 302);
    }

    const match = matchRoute(pathname, { includeDev: options.includeDev });
    if (!match) return sendHtml(reply, fallback, 404);
    const { locale, path } = splitLocale(pathname.replace(/\/+$/, "") || "/");
    const prerendered = join(locale === "en" ? "en" : "", path === "/" ? "" : path, "index.html").replace(
      /^\//,
      "",
    );
    // Marketing and entry pages (/login, /register, /forgot) have their own HTML; the rest share the fallback.
    if (isFile(prerendered)) return sendHtml(reply, prerendered);
    return sendHtml(reply, fallback);
  };

  app.get("/*", handler);
  app.get("/", handler);
  return {
    notFound: (reply) => {
      const fallback = fallbackFile();
      if (!fallback) return reply.status(404).type("text/plain").send("Not found.");
      return sendHtml(reply, fallback, 404);
    },
  };
}
