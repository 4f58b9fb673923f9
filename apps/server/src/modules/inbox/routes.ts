import { inboxEndpoints as e } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { readInboxSettings, storeInboxSettings } from "../api-settings/index.ts";
import { createRule, deleteRule, listRules, updateRule } from "./auto-reply-rules.ts";
import { getConversation, listConversations } from "./conversations.ts";

/** The two-way inbox of the current organization (/c/inbox/*). */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, e.listConversations, async (request) => ({
    data: await listConversations(request.tenant.scope, request.query),
  }));

  registerEndpoint(app, e.getConversation, async (request) => ({
    data: await getConversation(request.tenant.scope, request.params.phone, request.query),
  }));

  registerEndpoint(app, e.listRules, async (request) => ({
    data: { entities: await listRules(request.tenant.scope) },
  }));

  registerEndpoint(app, e.createRule, async (request, reply) => {
    reply.code(201);
    return { data: await createRule(request.tenant.scope, request.body) };
  });

  registerEndpoint(app, e.updateRule, async (request) => ({
    data: await updateRule(request.tenant.scope, request.params.id, request.body),
  }));

  registerEndpoint(app, e.deleteRule, async (request) => ({
    data: await deleteRule(request.tenant.scope, request.params.id),
  }));

  registerEndpoint(app, e.getSettings, async (request) => ({
    data: await readInboxSettings(request.tenant.scope.db, request.tenant.scope.organizationId),
  }));

  registerEndpoint(app, e.updateSettings, async (request) => ({
    data: await storeInboxSettings(request.tenant.scope, request.body),
  }));
};
