import { smscConnectionsEndpoints, smscRoutesEndpoints } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { GatewayRegistry } from "../../gateway/registry.ts";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { createConnection, listConnections, syncEnvConnection, updateConnection } from "./connections.ts";
import {
  createRoute,
  deleteRoute,
  listOperatorRanges,
  listRoutes,
  replaceOperatorRanges,
  updateRoute,
} from "./smsc-routes.ts";
import { secretBoxOf } from "./source.ts";
import { getStaffMessage } from "./staff-message.ts";

/** /api/v1/admin/smsc-connections (staff): every change reaches this process at once, others within SMSC_REFRESH_MS. */
export const smscConnectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const box = secretBoxOf(app.config);
  // The environment's row exists before staff first look, even if nothing was sent yet.
  let synced: Promise<void> | null = null;
  const ensureSynced = () => {
    synced ??= syncEnvConnection(db, app.config).catch((error) => {
      synced = null;
      throw error;
    });
    return synced;
  };
  const reload = async () => {
    const registry = app.smsGateway as Partial<GatewayRegistry>;
    await registry
      .reload?.()
      .catch((error) => app.log.warn({ err: error }, "reloading the SMSC connections failed"));
  };

  registerEndpoint(app, smscConnectionsEndpoints.list, async () => {
    await ensureSynced();
    return { data: { entities: await listConnections(db), can_store_passwords: box !== null } };
  });

  registerEndpoint(app, smscConnectionsEndpoints.create, async (request) => {
    await ensureSynced();
    const data = await createConnection(db, box, { staffUserId: request.auth.userId, fields: request.body });
    await reload();
    return { data };
  });

  registerEndpoint(app, smscConnectionsEndpoints.update, async (request) => {
    const data = await updateConnection(db, box, {
      staffUserId: request.auth.userId,
      id: request.params.id,
      fields: request.body,
    });
    await reload();
    return { data };
  });

  // Routes and operator ranges (issue 26 point 2): this process routes by the change at once.
  registerEndpoint(app, smscRoutesEndpoints.list, async () => ({ data: { entities: await listRoutes(db) } }));

  registerEndpoint(app, smscRoutesEndpoints.create, async (request) => {
    const data = await createRoute(db, { staffUserId: request.auth.userId, fields: request.body });
    await reload();
    return { data };
  });

  registerEndpoint(app, smscRoutesEndpoints.update, async (request) => {
    const data = await updateRoute(db, {
      staffUserId: request.auth.userId,
      id: request.params.id,
      fields: request.body,
    });
    await reload();
    return { data };
  });

  registerEndpoint(app, smscRoutesEndpoints.remove, async (request) => {
    const data = await deleteRoute(db, { staffUserId: request.auth.userId, id: request.params.id });
    await reload();
    return { data };
  });

  registerEndpoint(app, smscRoutesEndpoints.ranges, async () => ({
    data: { entities: await listOperatorRanges(db) },
  }));

  registerEndpoint(app, smscRoutesEndpoints.replaceRanges, async (request) => {
    const entities = await replaceOperatorRanges(db, {
      staffUserId: request.auth.userId,
      ranges: request.body.ranges,
    });
    await reload();
    return { data: { entities } };
  });

  registerEndpoint(app, smscRoutesEndpoints.message, async (request) => ({
    data: await getStaffMessage(db, request.params.id),
  }));
};
