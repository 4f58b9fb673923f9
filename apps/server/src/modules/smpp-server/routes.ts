import { smppEndpoints, type TSmppAccount } from "@sms/domain";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { assertPhoneVerified } from "../../platform/verified-phone.ts";
import { getSmppCredential, refreshSmppCredentials } from "../api-keys/index.ts";
import { getSmppSettings, updateSmppSettings } from "./smpp-settings.ts";

async function accountOf(app: FastifyInstance, scope: TenantScope): Promise<TSmppAccount> {
  const credential = await getSmppCredential(scope);
  const { smppServer } = app.config;
  return {
    system_id: credential.systemId,
    created_at: credential.createdAt?.toISOString() ?? null,
    settings: await getSmppSettings(scope.db, scope.organizationId),
    server: smppServer ? { host: smppServer.publicHost, port: smppServer.port } : null,
  };
}

/** /c/organizations/{id}/smpp-account and /admin/organizations/{id}/smpp-settings (issue 27 point 5). */
export const smppRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, smppEndpoints.get, async (request) => ({
    data: await accountOf(app, request.tenant.scope),
  }));

  registerEndpoint(app, smppEndpoints.refresh, async (request) => {
    assertPhoneVerified(request.auth);
    const scope = request.tenant.scope;
    const issued = await refreshSmppCredentials(scope, request.tenant.userId, app.config.apiKeyPepper);
    return {
      data: { account: await accountOf(app, scope), system_id: issued.systemId, password: issued.password },
    };
  });

  registerEndpoint(app, smppEndpoints.adminGet, async (request) => ({
    data: await getSmppSettings(app.db, request.params.id),
  }));

  registerEndpoint(app, smppEndpoints.adminUpdate, async (request) => ({
    data: await updateSmppSettings(app.db, request.params.id, request.auth.userId, request.body),
  }));
};
