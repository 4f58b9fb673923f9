import { memberCan, schedulesEndpoints } from "@sms/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { assertPhoneVerified } from "../../platform/verified-phone.ts";
import { type SendActor, sendDeps } from "../sending/index.ts";
import { cancelSchedule } from "./cancel-schedule.ts";
import { createContactSchedule, createFileSchedule, type ScheduleDeps } from "./create-schedule.ts";
import { presentSchedule } from "./present.ts";
import { getSchedule, listSchedules, type ScheduleViewer } from "./read-schedules.ts";

const actorOf = (request: FastifyRequest): SendActor => ({
  organizationId: request.tenant.organizationId,
  userId: request.tenant.userId,
});

/** Like the campaign reports: a member with only `reports.own` sees the schedules it made. */
function viewerOf(request: FastifyRequest): ScheduleViewer {
  const { scope, memberRole, userId } = request.tenant;
  return { scope, ownUserId: memberCan(memberRole, "reports.all") ? null : userId };
}

/** Scheduled and recurring campaigns (spec §7 /c/schedules/campaigns*). */
export const schedulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ScheduleDeps = Object.assign(sendDeps(app), { storage: app.storage });

  registerEndpoint(app, schedulesEndpoints.list, async (request) => ({
    data: await listSchedules(viewerOf(request), request.query),
  }));

  registerEndpoint(app, schedulesEndpoints.create, async (request, reply) => {
    assertPhoneVerified(request.auth);
    const row = await createContactSchedule(deps, actorOf(request), request.body);
    return reply.status(201).send({ data: presentSchedule(row) });
  });

  registerEndpoint(app, schedulesEndpoints.importFile, async (request, reply) => {
    assertPhoneVerified(request.auth);
    const row = await createFileSchedule(request, deps, request.locale);
    return reply.status(201).send({ data: presentSchedule(row) });
  });

  registerEndpoint(app, schedulesEndpoints.get, async (request) => ({
    data: await getSchedule(viewerOf(request), request.params.id, request.locale),
  }));

  registerEndpoint(app, schedulesEndpoints.cancel, async (request) => ({
    data: presentSchedule(await cancelSchedule(deps, viewerOf(request), request.params.id, request.log)),
  }));
};
