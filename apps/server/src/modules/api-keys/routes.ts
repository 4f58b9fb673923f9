import { apiKeysEndpoints, whitelistIpsEndpoints } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { assertPhoneVerified } from "../../platform/verified-phone.ts";
import { getApiKeys } from "./get-api-keys.ts";
import { refreshApiKeys } from "./refresh-api-keys.ts";
import {
  callerAddress,
  createWhitelistIp,
  deleteWhitelistIp,
  listWhitelistIps,
  updateWhitelistIp,
} from "./whitelist-ips.ts";

/** /c/organizations/{id}/api-key and /c/whitelist-ips (issue 14 points 1–2). */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, apiKeysEndpoints.get, async (request) => ({
    data: await getApiKeys(request.tenant.scope),
  }));

  registerEndpoint(app, apiKeysEndpoints.refresh, async (request) => {
    assertPhoneVerified(request.auth);
    return {
      data: await refreshApiKeys({
        scope: request.tenant.scope,
        userId: request.tenant.userId,
        pepper: app.config.apiKeyPepper,
        kind: request.body.kind,
      }),
    };
  });

  registerEndpoint(app, whitelistIpsEndpoints.list, async (request) => ({
    data: await listWhitelistIps(request.tenant.scope, request.query),
  }));

  registerEndpoint(app, whitelistIpsEndpoints.caller, async (request) => ({
    data: { ip_address: callerAddress(request.ip) },
  }));

  registerEndpoint(app, whitelistIpsEndpoints.create, async (request, reply) =>
    reply.status(201).send({ data: await createWhitelistIp(request.tenant.scope, request.body) }),
  );

  registerEndpoint(app, whitelistIpsEndpoints.update, async (request) => ({
    data: await updateWhitelistIp(request.tenant.scope, request.params.id, request.body),
  }));

  registerEndpoint(app, whitelistIpsEndpoints.delete, async (request) => ({
    data: await deleteWhitelistIp(request.tenant.scope, request.params.id),
  }));
};
