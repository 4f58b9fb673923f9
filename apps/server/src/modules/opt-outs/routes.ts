import type { Locale } from "@sms/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { RATE_LIMITS } from "../../plugins/rate-limit.ts";
import { pageCsp } from "../../plugins/security-headers.ts";
import { isSuppressed, suppressByLink } from "../suppressions/index.ts";
import { findOptOutTarget } from "./find-target.ts";
import { type OptOutPageState, renderOptOutPage } from "./page.ts";

type OptOutRequest = FastifyRequest<{ Params: { token: string }; Querystring: { lang?: string } }>;

/** `?lang=` when it names a language, else the browser's (Thai by default, spec §1). */
function localeOf(request: OptOutRequest): Locale {
  const lang = request.query.lang;
  if (lang === "th" || lang === "en") return lang;
  return request.locale;
}

/**
 * A page, not an API answer: the page policy lets its inline stylesheet apply (the API's
 * `default-src 'none'` blocked it, leaving a bare 24 px button), and it runs no script at all.
 */
function send(reply: FastifyReply, status: number, state: OptOutPageState, locale: Locale) {
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("referrer-policy", "no-referrer")
    .header("x-robots-tag", "noindex")
    .header("content-security-policy", pageCsp([]))
    .send(renderOptOutPage(state, locale));
}

/**
 * The unsubscribe page of marketing messages' opt-out footer (issue 27 point 1, ADR 93), outside
 * /api/v1 at the public origin's root, like the short links:
 * - `GET /u/:token` asks (one button); opening a link adds nothing, since link-preview fetchers and
 *   scanners open every link a message carries;
 * - `POST /u/:token` (the button) adds the number to the organization's suppression list with the
 *   reason `link`; again is the same page, saying it was already done (idempotent);
 * - a token that names no recipient (made up, mistyped, a send whose messages are no longer kept)
 *   is a translated 404 page, the same for every kind of miss.
 * Both are rate limited per address (RATE_LIMITS.optOut).
 */
export async function registerOptOutRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    // The page's form carries no field: its body is never read.
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    const options = { config: { rateLimit: RATE_LIMITS.optOut }, schema: { hide: true } };
    scope.get("/u/:token", options, async (request: OptOutRequest, reply) => {
      const locale = localeOf(request);
      const target = await findOptOutTarget(scope.db, request.params.token);
      if (!target) return send(reply, 404, { kind: "invalid" }, locale);
      const done = await isSuppressed(scope.db, target.organizationId, target.msisdn);
      return send(
        reply,
        200,
        { kind: done ? "already" : "ask", token: request.params.token, ...target },
        locale,
      );
    });
    scope.post("/u/:token", options, async (request: OptOutRequest, reply) => {
      const locale = localeOf(request);
      const target = await findOptOutTarget(scope.db, request.params.token);
      if (!target) return send(reply, 404, { kind: "invalid" }, locale);
      const added = await suppressByLink(scope.db, target.organizationId, target.msisdn);
      return send(
        reply,
        200,
        { kind: added ? "done" : "already", token: request.params.token, ...target },
        locale,
      );
    });
  });
}
