import {
  ZAcceptTncRequest,
  ZChangeEmailRequest,
  ZChangePasswordRequest,
  ZChangePhoneRequest,
  ZErrorResponse,
  ZMeResponse,
  ZMessageResponse,
  ZOtpTicketResponse,
  ZRequestVerifyQuery,
  ZTncResponse,
  ZUpdateMeRequest,
  ZVerifyRequest,
  ZVerifyResponse,
} from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { translate } from "../../i18n/index.ts";
import { authenticate } from "../../plugins/auth.ts";
import { accountDeps } from "../otp/deps.ts";
import { withRetryAfter } from "../otp/otp-codes.ts";
import { acceptTnc } from "./accept-tnc.ts";
import { changeContact } from "./change-contact.ts";
import { changePassword } from "./change-password.ts";
import { getMe } from "./get-me.ts";
import { logout } from "./logout.ts";
import { requestVerify } from "./request-verify.ts";
import { updateProfile } from "./update-profile.ts";
import { verifyContact } from "./verify-contact.ts";

const tags = ["accounts: me"];
const security = [{ bearerAuth: [] }];
const authErrors = { 401: ZErrorResponse, 403: ZErrorResponse };

/** The /c/me* calls of spec §7. Register tokens reach only request-verify, verify and logout. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = authenticate();
  const signedInOrRegistering = authenticate({ allowRegister: true });

  app.get(
    "/c/me",
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: "The current user (spec §3 Me)",
        response: { 200: ZMeResponse, ...authErrors },
      },
    },
    async (request) => ({ data: await getMe(app.db.db, request.auth.userId) }),
  );

  app.patch(
    "/c/me",
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: "Edit first and last name",
        body: ZUpdateMeRequest,
        response: { 200: ZMeResponse, 400: ZErrorResponse, ...authErrors },
      },
    },
    async (request) => {
      await updateProfile(app.db.db, request.auth.userId, request.body);
      return { data: await getMe(app.db.db, request.auth.userId) };
    },
  );

  app.post(
    "/c/me/logout",
    {
      preHandler: signedInOrRegistering,
      schema: {
        tags,
        security,
        summary: "End this session",
        response: { 200: ZMessageResponse, ...authErrors },
      },
    },
    async (request) => {
      await logout(app.db.db, request.auth.sessionId);
      return { data: { message: translate("accounts.logged_out", request.locale) } };
    },
  );

  app.get(
    "/c/me/request-verify",
    {
      preHandler: signedInOrRegistering,
      schema: {
        tags,
        security,
        summary: "Send a code to the current phone (type=phone) or e-mail (type=email)",
        querystring: ZRequestVerifyQuery,
        response: {
          200: ZOtpTicketResponse,
          400: ZErrorResponse,
          ...authErrors,
          409: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) => ({
      data: await withRetryAfter(reply, () =>
        requestVerify(accountDeps(app), request.auth, request.query.type, request.locale),
      ),
    }),
  );

  app.post(
    "/c/me/verify",
    {
      preHandler: signedInOrRegistering,
      schema: {
        tags,
        security,
        summary: "Confirm a verify or change code",
        body: ZVerifyRequest,
        response: { 200: ZVerifyResponse, 400: ZErrorResponse, ...authErrors, 409: ZErrorResponse },
      },
    },
    async (request) => {
      const result = await verifyContact(app.db.db, app.config.jwtSecret, request.auth, request.body);
      const key = result.type === "phone" ? "accounts.phone_verified" : "accounts.email_verified";
      return { data: { ...result, message: translate(key, request.locale) } };
    },
  );

  app.put(
    "/c/me/phone-number",
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: "Send a code to a new phone; it replaces the current one after POST /c/me/verify",
        body: ZChangePhoneRequest,
        response: { 200: ZOtpTicketResponse, 400: ZErrorResponse, ...authErrors, 429: ZErrorResponse },
      },
    },
    async (request, reply) => ({
      data: await withRetryAfter(reply, () =>
        changeContact(
          accountDeps(app),
          request.auth.userId,
          "phone",
          request.body.phone_number,
          request.locale,
        ),
      ),
    }),
  );

  app.put(
    "/c/me/email",
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: "Send a code to a new e-mail; it replaces the current one after POST /c/me/verify",
        body: ZChangeEmailRequest,
        response: { 200: ZOtpTicketResponse, 400: ZErrorResponse, ...authErrors, 429: ZErrorResponse },
      },
    },
    async (request, reply) => ({
      data: await withRetryAfter(reply, () =>
        changeContact(accountDeps(app), request.auth.userId, "email", request.body.email, request.locale),
      ),
    }),
  );

  app.put(
    "/c/me/password",
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: "Change the password; ends every session (answer: Please login again)",
        body: ZChangePasswordRequest,
        response: { 200: ZMessageResponse, 400: ZErrorResponse, ...authErrors },
      },
    },
    async (request) => {
      await changePassword(app.db.db, request.auth.userId, request.body);
      return { data: { message: translate("accounts.please_login_again", request.locale) } };
    },
  );

  app.post(
    "/c/me/tnc",
    {
      preHandler: signedIn,
      schema: {
        tags,
        security,
        summary: "Accept the terms; version must equal the current configurations tnc_version",
        body: ZAcceptTncRequest,
        response: { 200: ZTncResponse, 400: ZErrorResponse, ...authErrors, 409: ZErrorResponse },
      },
    },
    async (request) => ({ data: await acceptTnc(app.db.db, request.auth.userId, request.body.version) }),
  );
};
