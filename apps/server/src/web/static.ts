import { existsSync } from "node:fs";
import { join, normalize, relative, sep } from "node:path";
import { LOCALE_COOKIE, matchRoute, splitLocale } from "@sms/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { inlineScriptHashes, pageCsp } from "../plugins/security-headers.ts";
import { isImmutableAsset, type StaticFile, StaticFiles, sendStaticFile } from "./static-files.ts";

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
  const files = new StaticFiles(root);

  /** The file at `rel` when it is a regular file inside the build, else null. */
  const fileAt = (rel: string) => {
    const abs = normalize(join(root, rel));
    if (!abs.startsWith(root + sep)) return Promise.resolve(null);
    return files.get(relative(root, abs));
  };
  // Looked up per request so a rebuild while the server runs is picked up.
  const fallbackFile = async () => (await fileAt(SPA_FALLBACK)) ?? (await fileAt("index.html"));

  // Each page's policy lists the hashes of its own inline scripts; computed once per version of
  // the file, so a rebuild while the server runs gets a fresh policy.
  const policies = new WeakMap<StaticFile, string>();
  const policyFor = (file: StaticFile) => {
    let csp = policies.get(file);
    if (csp === undefined) {
      csp = pageCsp(inlineScriptHashes(file.body.toString("utf8")));
      policies.set(file, csp);
    }
    return csp;
  };

  const sendHtml = (request: FastifyRequest, reply: FastifyReply, file: StaticFile, status = 200) => {
    // Helmet already set the API policy on the raw response; a page carries its own instead.
    reply.raw.removeHeader("content-security-policy");
    reply
      .status(status)
      .header("cache-control", "no-cache")
      .header("content-security-policy", policyFor(file));
    return sendStaticFile(request, reply, file);
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, "http://x");
    if (url.pathname.startsWith("/api/")) return reply.callNotFound();
    let pathname: string | null = null;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {}

    // A file of the build (the page loads' scripts and styles above all): from memory.
    const rel = pathname === null ? "" : relative(root, normalize(join(root, pathname)));
    const asset = rel && !rel.startsWith("..") && !rel.endsWith(".html") ? await fileAt(rel) : null;
    if (asset) {
      reply.header(
        "cache-control",
        isImmutableAsset(rel) ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
      return sendStaticFile(request, reply, asset);
    }

    const fallback = await fallbackFile();
    if (!fallback) return reply.status(503).type("text/plain").send("The web app is not built yet.");
    if (pathname === null) return sendHtml(request, reply, fallback, 404);

    if (pathname === "/") {
      // Browser-language detection applies on the root path only (spec §2).
      reply.header("vary", "Accept-Language, Cookie");
      const remembered = rememberedLocale(request);
      const wanted = remembered ?? request.locale;
      if (wanted === "en") return reply.redirect(`/en${url.search}`, 302);
    }

    const match = matchRoute(pathname, { includeDev: options.includeDev });
    if (!match) return sendHtml(request, reply, fallback, 404);
    const { locale, path } = splitLocale(pathname.replace(/\/+$/, "") || "/");
    const prerendered = join(locale === "en" ? "en" : "", path === "/" ? "" : path, "index.html").replace(
      /^\//,
      "",
    );
    // Marketing and entry pages (/login, /register, /forgot) have their own HTML; the rest share the fallback.
    return sendHtml(request, reply, (await files.get(prerendered)) ?? fallback);
  };

  app.get("/*", handler);
  app.get("/", handler);
  return {
    notFound: async (reply) => {
      const fallback = await fallbackFile();
      if (!fallback) return reply.status(404).type("text/plain").send("Not found.");
      return sendHtml(reply.request, reply, fallback, 404);
    },
  };
}
