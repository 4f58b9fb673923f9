import { parseTrackedLinkToken } from "@sms/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { RATE_LIMITS } from "../../plugins/rate-limit.ts";
import { findTrackedLink, recordClick, type TrackedLinkTarget } from "./clicks.ts";
import { isLinkPreviewCrawler } from "./crawlers.ts";
import { seqOfPart } from "./link-token.ts";

export interface LinkRouteOptions {
  /** Answers a token that names no recipient's link: the web app's 404 page where pages are served. */
  notFound: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

/**
 * What a token opens on its link: a recipient's seq whose clicks count, `uncounted` for a token of
 * the legacy format on a link made before ADR 35 (ADR 54), or null (404). A link made since ADR 35
 * takes only keyed parts, a legacy link only legacy tokens: neither format reaches the other's links.
 *
 * Legacy tokens carry the recipient's seq in plain base62, so they are guessable: one recipient's
 * token names every other. They still redirect, so the messages already on people's phones keep
 * working, but they count no click (the report keeps what was counted before), and every
 * well-formed seq answers alike, inside the campaign's size or past it, so a guess tells nothing:
 * the destination is the link's, the same for every recipient, and the guesser already holds it.
 */
function openedBy(
  token: NonNullable<ReturnType<typeof parseTrackedLinkToken>>,
  link: TrackedLinkTarget,
): number | "uncounted" | null {
  if (token.format === "legacy") return link.tokenKey === null ? "uncounted" : null;
  if (link.tokenKey === null) return null;
  const seq = seqOfPart(link.tokenKey, token.part);
  return seq !== null && seq >= 1 && seq <= link.recipients ? seq : null;
}

/**
 * `GET /l/:token` (outside /api/v1): a recipient's short link (rules/tracked-links.ts) answers 302 to
 * the link stored in tracked_links for its code, never anywhere else (no open redirect). A token
 * whose code is unknown, or whose part names none of the campaign's recipients, is the 404 page:
 * a made-up part and one past the campaign's end answer alike. A legacy token redirects without
 * counting (openedBy, ADR 54). A click is counted only for GET from
 * something that is not a link-preview crawler (crawlers.ts), within the click limits
 * (clicks.ts CLICK_LIMITS); HEAD (added by Fastify for GET) redirects without counting. The route
 * itself is rate limited per address (RATE_LIMITS.linkClick).
 */
export async function registerLinkRoutes(app: FastifyInstance, options: LinkRouteOptions): Promise<void> {
  app.get<{ Params: { token: string } }>(
    "/l/:token",
    { config: { rateLimit: RATE_LIMITS.linkClick }, schema: { hide: true } },
    async (request, reply) => {
      const token = parseTrackedLinkToken(request.params.token);
      const link = token ? await findTrackedLink(app.db, token.code) : null;
      const seq = token && link ? openedBy(token, link) : null;
      if (!link || seq === null) return options.notFound(request, reply);
      if (
        seq !== "uncounted" &&
        request.method === "GET" &&
        !isLinkPreviewCrawler(request.headers["user-agent"])
      ) {
        await recordClick(app.db, link, seq);
      }
      return reply
        .header("cache-control", "no-store")
        .header("referrer-policy", "no-referrer")
        .header("x-robots-tag", "noindex")
        .redirect(link.url, 302);
    },
  );
}
