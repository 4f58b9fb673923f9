import { parseTrackedLinkToken } from "@sms/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { RATE_LIMITS } from "../../plugins/rate-limit.ts";
import { findTrackedLink, recordClick } from "./clicks.ts";
import { isLinkPreviewCrawler } from "./crawlers.ts";

export interface LinkRouteOptions {
  /** Answers a token that names no recipient's link: the web app's 404 page where pages are served. */
  notFound: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

/** Counted clicks per client address and short link; more are still redirected, just not counted. */
const COUNTED_PER_LINK = { max: 5, timeWindow: 10 * 60_000 };

/**
 * `GET /l/:token` (outside /api/v1): a recipient's short link (rules/tracked-links.ts) answers 302 to
 * the link stored in tracked_links for its code, never anywhere else (no open redirect). A token
 * whose code is unknown or whose seq is not one of the campaign's recipients is the 404 page.
 * A click is counted only for GET from something that is not a link-preview crawler
 * (crawlers.ts), at most COUNTED_PER_LINK per address; HEAD (added by Fastify for GET) redirects
 * without counting. The route itself is rate limited per address (RATE_LIMITS.linkClick).
 */
export async function registerLinkRoutes(app: FastifyInstance, options: LinkRouteOptions): Promise<void> {
  const counted = app.createRateLimit({
    ...COUNTED_PER_LINK,
    max: COUNTED_PER_LINK.max * app.config.rateLimitScale,
    keyGenerator: (request) =>
      `link-click:${request.ip}:${(request.params as { token?: string }).token ?? ""}`,
  });

  app.get<{ Params: { token: string } }>(
    "/l/:token",
    { config: { rateLimit: RATE_LIMITS.linkClick }, schema: { hide: true } },
    async (request, reply) => {
      const token = parseTrackedLinkToken(request.params.token);
      const link = token ? await findTrackedLink(app.db.db, token.code) : null;
      if (!token || !link || token.seq > link.recipients) return options.notFound(request, reply);
      if (request.method === "GET" && !isLinkPreviewCrawler(request.headers["user-agent"])) {
        const limit = await counted(request);
        if (limit.isAllowed || !limit.isExceeded) await recordClick(app.db.db, link, token.seq);
      }
      return reply
        .header("cache-control", "no-store")
        .header("referrer-policy", "no-referrer")
        .header("x-robots-tag", "noindex")
        .redirect(link.url, 302);
    },
  );
}
