import { adminEndpoints } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { translate } from "../../i18n/index.ts";
import { appDeps } from "../../platform/deps.ts";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { listContactSubmissions, updateContactSubmission } from "../marketing/index.ts";
import { adjustCredits } from "./adjust-credits.ts";
import { getOrganization } from "./get-organization.ts";
import { getUser } from "./get-user.ts";
import { createHoliday, deleteHoliday, listHolidays, updateHoliday } from "./holidays.ts";
import { listAuditLog } from "./list-audit-log.ts";
import { listOrganizations } from "./list-organizations.ts";
import { listUsers } from "./list-users.ts";
import { createPackage, listAdminPackages, updatePackage } from "./packages.ts";
import { getSettings, updateTncVersion } from "./settings.ts";
import { getSummary } from "./summary.ts";
import { reinstateOrganization, suspendOrganization } from "./suspend-organization.ts";
import { endUserSessions, remindVerification, unlockUser } from "./user-actions.ts";

/** The back office (/api/v1/admin/*, staff only): each screen calls into the module owning the data. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  registerEndpoint(app, adminEndpoints.getSummary, async () => ({ data: await getSummary(db) }));

  registerEndpoint(app, adminEndpoints.listContactSubmissions, async (request) => ({
    data: await listContactSubmissions(app.db, request.query),
  }));

  registerEndpoint(app, adminEndpoints.updateContactSubmission, async (request) => ({
    data: await updateContactSubmission(db, {
      staffUserId: request.auth.userId,
      id: request.params.id,
      change: request.body,
    }),
  }));

  registerEndpoint(app, adminEndpoints.listUsers, async (request) => ({
    data: await listUsers(db, request.query),
  }));

  registerEndpoint(app, adminEndpoints.getUser, async (request) => ({
    data: await getUser(db, request.params.id),
  }));

  const staffAction = (request: { auth: { userId: number }; params: { id: number } }) => ({
    staffUserId: request.auth.userId,
    userId: request.params.id,
  });

  registerEndpoint(app, adminEndpoints.unlockUser, async (request) => {
    await unlockUser(db, staffAction(request));
    return { data: await getUser(db, request.params.id) };
  });

  registerEndpoint(app, adminEndpoints.endUserSessions, async (request) => {
    await endUserSessions(db, staffAction(request));
    return { data: await getUser(db, request.params.id) };
  });

  registerEndpoint(app, adminEndpoints.remindVerification, async (request) => {
    await remindVerification(appDeps(app), staffAction(request));
    return { data: await getUser(db, request.params.id) };
  });

  registerEndpoint(app, adminEndpoints.listOrganizations, async (request) => ({
    data: await listOrganizations(db, request.query),
  }));

  registerEndpoint(app, adminEndpoints.getOrganization, async (request) => ({
    data: await getOrganization(db, request.params.id, request.locale),
  }));

  registerEndpoint(app, adminEndpoints.adjustCredits, async (request) => ({
    data: await adjustCredits(db, {
      organizationId: request.params.id,
      staffUserId: request.auth.userId,
      credits: request.body.credits,
      reason: request.body.reason,
      idempotencyKey: request.body.idempotency_key,
      locale: request.locale,
    }),
  }));

  registerEndpoint(app, adminEndpoints.suspendOrganization, async (request) => {
    await suspendOrganization(db, {
      organizationId: request.params.id,
      staffUserId: request.auth.userId,
      days: request.body.days,
      reason: request.body.reason,
    });
    return { data: await getOrganization(db, request.params.id, request.locale) };
  });

  registerEndpoint(app, adminEndpoints.reinstateOrganization, async (request) => {
    await reinstateOrganization(db, { organizationId: request.params.id, staffUserId: request.auth.userId });
    return { data: await getOrganization(db, request.params.id, request.locale) };
  });

  registerEndpoint(app, adminEndpoints.listPackages, async () => ({
    data: { entities: await listAdminPackages(db) },
  }));

  registerEndpoint(app, adminEndpoints.createPackage, async (request) => ({
    data: await createPackage(db, { staffUserId: request.auth.userId, fields: request.body }),
  }));

  registerEndpoint(app, adminEndpoints.updatePackage, async (request) => ({
    data: await updatePackage(db, {
      staffUserId: request.auth.userId,
      packageId: request.params.id,
      fields: request.body,
    }),
  }));

  registerEndpoint(app, adminEndpoints.getSettings, async () => ({ data: await getSettings(db) }));

  registerEndpoint(app, adminEndpoints.updateTncVersion, async (request) => ({
    data: await updateTncVersion(db, {
      staffUserId: request.auth.userId,
      version: request.body.tnc_version,
      changeNote: request.body.change_note ?? "",
    }),
  }));

  registerEndpoint(app, adminEndpoints.listHolidays, async (request) => ({
    data: { entities: await listHolidays(db, request.query.year) },
  }));

  registerEndpoint(app, adminEndpoints.createHoliday, async (request) => ({
    data: await createHoliday(db, { staffUserId: request.auth.userId, holiday: request.body }),
  }));

  registerEndpoint(app, adminEndpoints.updateHoliday, async (request) => ({
    data: await updateHoliday(db, {
      staffUserId: request.auth.userId,
      date: request.params.date,
      name: request.body.name,
    }),
  }));

  registerEndpoint(app, adminEndpoints.deleteHoliday, async (request) => {
    await deleteHoliday(db, { staffUserId: request.auth.userId, date: request.params.date });
    return { data: { message: translate("admin.holiday_deleted", request.locale) } };
  });

  registerEndpoint(app, adminEndpoints.listAuditLog, async (request) => ({
    data: await listAuditLog(db, request.query),
  }));
};
