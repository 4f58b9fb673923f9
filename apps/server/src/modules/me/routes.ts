import { meEndpoints, organizationsEndpoints } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { translate } from "../../i18n/index.ts";
import { appDeps } from "../../platform/deps.ts";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { withRetryAfter } from "../../platform/retry-after.ts";
import { RATE_LIMITS } from "../../plugins/rate-limit.ts";
import { editRegistration, welcomeMailJob } from "../auth/index.ts";
import { createOrganization, switchOrganization } from "../organizations/index.ts";
import { acceptTnc } from "./accept-tnc.ts";
import { changeContact } from "./change-contact.ts";
import { changePassword } from "./change-password.ts";
import { getMe } from "./get-me.ts";
import { logout } from "./logout.ts";
import { requestVerify } from "./request-verify.ts";
import { updateProfile } from "./update-profile.ts";
import { verifyContact } from "./verify-contact.ts";

/** The /c/me* calls of spec §7. Register tokens reach only registration, request-verify, verify and logout. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, meEndpoints.get, async (request) => ({
    data: await getMe(app.db, request.auth.userId),
  }));

  registerEndpoint(app, meEndpoints.update, async (request) => {
    await updateProfile(app.db, request.auth.userId, request.body);
    return { data: await getMe(app.db, request.auth.userId) };
  });

  registerEndpoint(app, meEndpoints.logout, async (request) => {
    await logout(app.db, request.auth.sessionId);
    return { data: { message: translate("accounts.logged_out", request.locale) } };
  });

  // Step 1 sent again during a registration: the same account gets the new details (ADR 36).
  registerEndpoint(
    app,
    meEndpoints.editRegistration,
    async (request, reply) => ({
      data: await withRetryAfter(reply, () =>
        editRegistration(appDeps(app), request.auth, request.body, request.locale, createOrganization),
      ),
    }),
    { config: { rateLimit: RATE_LIMITS.editRegistration } },
  );

  registerEndpoint(
    app,
    meEndpoints.requestVerify,
    async (request, reply) => ({
      data: await withRetryAfter(reply, () =>
        requestVerify(appDeps(app), request.auth, request.query.type, request.locale),
      ),
    }),
    { config: { rateLimit: RATE_LIMITS.sendCode } },
  );

  registerEndpoint(
    app,
    meEndpoints.verify,
    async (request) => {
      const result = await verifyContact(app.db, app.config.jwtSecret, request.auth, request.body);
      // The registration's last step: welcome the new account with its next steps (review D4).
      if (result.type === "email" && request.auth.tokenType === "register" && !request.auth.decoy) {
        await app.jobs.enqueue(welcomeMailJob, { userId: request.auth.userId, locale: request.locale });
      }
      const key = result.type === "phone" ? "accounts.phone_verified" : "accounts.email_verified";
      return { data: { ...result, message: translate(key, request.locale) } };
    },
    { config: { rateLimit: RATE_LIMITS.verifyCode } },
  );

  registerEndpoint(
    app,
    meEndpoints.changePhone,
    async (request, reply) => ({
      data: await withRetryAfter(reply, () =>
        changeContact(appDeps(app), request.auth.userId, "phone", request.body.phone_number, request.locale),
      ),
    }),
    { config: { rateLimit: RATE_LIMITS.sendCode } },
  );

  registerEndpoint(
    app,
    meEndpoints.changeEmail,
    async (request, reply) => ({
      data: await withRetryAfter(reply, () =>
        changeContact(appDeps(app), request.auth.userId, "email", request.body.email, request.locale),
      ),
    }),
    { config: { rateLimit: RATE_LIMITS.sendCode } },
  );

  registerEndpoint(app, meEndpoints.changePassword, async (request) => {
    await changePassword(app.db, request.auth.userId, request.body);
    return { data: { message: translate("accounts.please_login_again", request.locale) } };
  });

  registerEndpoint(app, meEndpoints.acceptTnc, async (request) => ({
    data: await acceptTnc(app.db, request.auth.userId, request.body.version),
  }));

  // POST /c/me/organizations: the switch changes who the caller is acting for and answers the new "me".
  registerEndpoint(app, organizationsEndpoints.switch, async (request) => {
    await switchOrganization(app.db, {
      userId: request.auth.userId,
      organizationId: request.body.organization_id,
    });
    return { data: await getMe(app.db, request.auth.userId) };
  });
};
