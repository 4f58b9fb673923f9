import { otpDenyRangesEndpoints as e, otpConversionEndpoints } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { listOtpDenyRanges, replaceOtpDenyRanges } from "./deny-list.ts";
import { releaseOtpHold } from "./holds.ts";

/**
 * /admin/otp-deny-ranges (issue 28 point 2): the back office's editor of the OTP deny list; and
 * /c/otp-holds/{prefix}/release, the owner's release of a held range.
 */
export const otpGuardRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, e.list, async () => ({ data: { entities: await listOtpDenyRanges(app.db) } }));

  registerEndpoint(app, e.replace, async (request) => ({
    data: {
      entities: await replaceOtpDenyRanges(app.db, {
        staffUserId: request.auth.userId,
        ranges: request.body.ranges,
      }),
    },
  }));

  registerEndpoint(app, otpConversionEndpoints.releaseHold, async (request) => ({
    data: await releaseOtpHold(request.tenant.scope, request.params.prefix),
  }));
};
