import { guestEndpoints, type TForgotPasswordRequest } from "@sms/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { translate } from "../../i18n/index.ts";
import { appDeps } from "../../platform/deps.ts";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { withRetryAfter } from "../../platform/retry-after.ts";
import { RATE_LIMITS, type RouteRateLimit } from "../../plugins/rate-limit.ts";
import {
  forgotPassword,
  type ResetRequester,
  resolveResetRequester,
  trustedResetBudget,
} from "./forgot-password.ts";
import { login } from "./login.ts";
import { type FirstOrganization, register } from "./register.ts";
import { resetPassword } from "./reset-password.ts";
import { rotateRefreshToken } from "./sessions.ts";
import { deviceTokenOf, setDeviceCookie } from "./trusted-devices.ts";
import { verifyForgotPassword } from "./verify-forgot-password.ts";

/** The /c/guest/* calls of spec §7: registration, sign-in, token refresh and forgotten passwords. */
export const authRoutes =
  (firstOrganization: FirstOrganization): FastifyPluginAsyncZod =>
  async (app) => {
    // Tokens, reset tokens and OTP tickets must never sit in a browser or proxy cache.
    app.addHook("onSend", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });

    registerEndpoint(
      app,
      guestEndpoints.register,
      async (request, reply) => ({
        data: await withRetryAfter(reply, () =>
          register(appDeps(app), request.body, request.locale, firstOrganization),
        ),
      }),
      { config: { rateLimit: RATE_LIMITS.register } },
    );

    registerEndpoint(
      app,
      guestEndpoints.login,
      async (request, reply) => {
        const result = await login(app.db, app.config, request.body, {
          deviceToken: deviceTokenOf(request),
        });
        setDeviceCookie(reply, result.deviceToken, app.config.production);
        return { data: result.pair };
      },
      { config: { rateLimit: RATE_LIMITS.login } },
    );

    registerEndpoint(app, guestEndpoints.refreshToken, async (request) => ({
      data: await rotateRefreshToken(app.db, app.config, request.body.refresh_token),
    }));

    // Resolved once per request, by the rate limit (the body is validated by then) and the handler.
    const requesters = new WeakMap<FastifyRequest, Promise<ResetRequester>>();
    const requesterOf = (request: FastifyRequest) => {
      let requester = requesters.get(request);
      if (!requester) {
        requester = resolveResetRequester(app.db, {
          username: (request.body as TForgotPasswordRequest).username,
          deviceToken: deviceTokenOf(request),
        });
        requesters.set(request, requester);
      }
      return requester;
    };
    const shared = RATE_LIMITS.forgotPassword.account;
    // A browser the account trusts counts against a budget of its own, so strangers spending the
    // username's cannot keep the owner from a code (ADR 0004).
    const forgotPasswordLimit: RouteRateLimit = {
      ...RATE_LIMITS.forgotPassword,
      account: {
        ...shared,
        key: async (request) => trustedResetBudget(await requesterOf(request)) ?? shared.key(request),
      },
    };
    registerEndpoint(
      app,
      guestEndpoints.forgotPassword,
      async (request, reply) => ({
        data: await withRetryAfter(reply, async () =>
          forgotPassword(appDeps(app), await requesterOf(request), request.locale),
        ),
      }),
      { config: { rateLimit: forgotPasswordLimit } },
    );

    registerEndpoint(
      app,
      guestEndpoints.verifyForgotPassword,
      async (request) => ({
        data: await verifyForgotPassword(app.db, app.config.jwtSecret, request.body),
      }),
      { config: { rateLimit: RATE_LIMITS.forgotPasswordVerify } },
    );

    registerEndpoint(
      app,
      guestEndpoints.resetPassword,
      async (request) => {
        await resetPassword(app.db, request.body);
        return { data: { message: translate("accounts.password_reset_done", request.locale) } };
      },
      { config: { rateLimit: RATE_LIMITS.resetPassword } },
    );
  };
