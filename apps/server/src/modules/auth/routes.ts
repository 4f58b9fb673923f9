import {
  ZErrorResponse,
  ZForgotPasswordRequest,
  ZForgotPasswordResponse,
  ZForgotPasswordVerifyRequest,
  ZForgotPasswordVerifyResponse,
  ZLoginRequest,
  ZMessageResponse,
  ZRefreshTokenRequest,
  ZRegisterRequest,
  ZRegisterResponse,
  ZResetPasswordRequest,
  ZTokenResponse,
} from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { translate } from "../../i18n/index.ts";
import { accountDeps } from "../otp/deps.ts";
import { withRetryAfter } from "../otp/otp-codes.ts";
import { forgotPassword } from "./forgot-password.ts";
import { login } from "./login.ts";
import { register } from "./register.ts";
import { resetPassword } from "./reset-password.ts";
import { rotateRefreshToken } from "./sessions.ts";
import { verifyForgotPassword } from "./verify-forgot-password.ts";

const tags = ["accounts: guest"];

/** The /c/guest/* calls of spec §7: registration, sign-in, token refresh and forgotten passwords. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/c/guest/register",
    {
      schema: {
        tags,
        summary: "Create an account; answers token_register and sends the phone code",
        body: ZRegisterRequest,
        response: { 201: ZRegisterResponse, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const data = await withRetryAfter(reply, () =>
        register(accountDeps(app), request.body, request.locale),
      );
      return reply.status(201).send({ data });
    },
  );

  app.post(
    "/c/guest/login",
    {
      schema: {
        tags,
        summary: "Sign in with e-mail or phone; ends any other session of the account",
        body: ZLoginRequest,
        response: { 200: ZTokenResponse, 400: ZErrorResponse, 423: ZErrorResponse },
      },
    },
    async (request) => ({ data: await login(app.db.db, app.config, request.body) }),
  );

  app.post(
    "/c/guest/refresh-token",
    {
      schema: {
        tags,
        summary: "Rotate a refresh token; reusing an old one revokes its whole session",
        body: ZRefreshTokenRequest,
        response: { 200: ZTokenResponse, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) => ({
      data: await rotateRefreshToken(app.db.db, app.config, request.body.refresh_token),
    }),
  );

  app.post(
    "/c/guest/forgot-password",
    {
      schema: {
        tags,
        summary: "Send a password-reset code (same answer whether or not the account exists)",
        body: ZForgotPasswordRequest,
        response: { 200: ZForgotPasswordResponse, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => ({
      data: await withRetryAfter(reply, () => forgotPassword(accountDeps(app), request.body, request.locale)),
    }),
  );

  app.post(
    "/c/guest/forgot-password/verify",
    {
      schema: {
        tags,
        summary: "Confirm the reset code; answers a short-lived reset token",
        body: ZForgotPasswordVerifyRequest,
        response: { 200: ZForgotPasswordVerifyResponse, 400: ZErrorResponse },
      },
    },
    async (request) => ({ data: await verifyForgotPassword(app.db.db, app.config.jwtSecret, request.body) }),
  );

  app.post(
    "/c/guest/reset-password",
    {
      schema: {
        tags,
        summary: "Set a new password; unlocks the account and ends every session",
        body: ZResetPasswordRequest,
        response: { 200: ZMessageResponse, 400: ZErrorResponse },
      },
    },
    async (request) => {
      await resetPassword(app.db.db, request.body);
      return { data: { message: translate("accounts.password_reset_done", request.locale) } };
    },
  );
};
