import { organizationsEndpoints as e, type Locale, memberCan } from "@sms/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { translate } from "../../i18n/index.ts";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { withRetryAfter } from "../../platform/retry-after.ts";
import { RATE_LIMITS } from "../../plugins/rate-limit.ts";
import { acceptInvitation } from "./accept-invitation.ts";
import { addMember } from "./add-member.ts";
import { cancelInvitation } from "./cancel-invitation.ts";
import { changeMemberRole } from "./change-member-role.ts";
import { declineInvitation } from "./decline-invitation.ts";
import { deleteMember } from "./delete-member.ts";
import { getOrganization } from "./get-organization.ts";
import { listCreditHistory } from "./list-credit-history.ts";
import { listInvitations } from "./list-invitations.ts";
import { creditUsageSummary, listMemberCreditUsages, listMembers } from "./list-members.ts";
import { listOrganizations } from "./list-organizations.ts";
import { listMyInvitations } from "./my-invitations.ts";
import { renameOrganization } from "./rename-organization.ts";

/**
 * Organizations, members, invitations and credit history (issue 10, ADR 33). The guards of the declarations have
 * already checked the membership of the organization in the path and the role matrix.
 */
export const organizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  registerEndpoint(app, e.list, async (request) => ({
    data: await listOrganizations(db, {
      userId: request.auth.userId,
      currentOrganizationId: request.auth.organizationId,
      query: request.query,
    }),
  }));

  const organizationOf = (request: FastifyRequest) =>
    getOrganization(db, {
      organizationId: request.tenant.organizationId,
      memberRole: request.tenant.memberRole,
      currentOrganizationId: request.auth.organizationId,
    });

  registerEndpoint(app, e.get, async (request) => ({ data: await organizationOf(request) }));

  registerEndpoint(app, e.rename, async (request) => {
    await renameOrganization(db, { organizationId: request.tenant.organizationId, input: request.body });
    return { data: await organizationOf(request) };
  });

  registerEndpoint(app, e.listMembers, async (request) => ({
    data: await listMembers({
      scope: request.tenant.scope,
      query: request.query,
      withCreditUsage: memberCan(request.tenant.memberRole, "members.manage"),
    }),
  }));

  registerEndpoint(
    app,
    e.addMember,
    async (request, reply) => ({
      data: await withRetryAfter(reply, () =>
        addMember(
          { db, jobs: app.jobs },
          {
            scope: request.tenant.scope,
            userId: request.auth.userId,
            input: request.body,
            locale: request.locale,
          },
        ),
      ),
    }),
    { config: { rateLimit: RATE_LIMITS.invite } },
  );

  registerEndpoint(app, e.deleteMember, async (request) => {
    await deleteMember(db, {
      scope: request.tenant.scope,
      userId: request.auth.userId,
      memberId: request.params.memberId,
    });
    return { data: { message: translate("organizations.member_deleted", request.locale) } };
  });

  registerEndpoint(app, e.changeMemberRole, async (request) => ({
    data: await changeMemberRole(db, {
      scope: request.tenant.scope,
      userId: request.auth.userId,
      memberId: request.params.memberId,
      role: request.body.role,
    }),
  }));

  registerEndpoint(app, e.creditUsageSummary, async (request) => ({
    data: await creditUsageSummary(request.tenant.scope),
  }));

  registerEndpoint(app, e.listInvitations, async (request) => ({
    data: await listInvitations(request.tenant.scope, request.query),
  }));

  registerEndpoint(app, e.cancelInvitation, async (request) => {
    await cancelInvitation(request.tenant.scope, request.params.invitationId);
    return { data: { message: translate("organizations.invitation_cancelled", request.locale) } };
  });

  registerEndpoint(app, e.myInvitations, async (request) => ({
    data: await listMyInvitations(db, { userId: request.auth.userId }),
  }));

  const answerOf = (request: {
    auth: { userId: number };
    params: { invitationId: number };
    locale: Locale;
  }) => ({
    userId: request.auth.userId,
    invitationId: request.params.invitationId,
    locale: request.locale,
  });

  registerEndpoint(app, e.acceptInvitation, async (request) => ({
    data: await acceptInvitation(db, answerOf(request)),
  }));

  registerEndpoint(app, e.declineInvitation, async (request) => ({
    data: await declineInvitation(db, answerOf(request)),
  }));

  registerEndpoint(app, e.memberCreditUsages, async (request) => ({
    data: await listMemberCreditUsages(request.tenant.scope, request.query),
  }));

  registerEndpoint(app, e.credits, async (request) => ({
    data: await listCreditHistory(db, {
      organizationId: request.tenant.organizationId,
      query: request.query,
      locale: request.locale,
    }),
  }));

  registerEndpoint(app, e.myCredits, async (request) => ({
    data: await listCreditHistory(db, {
      organizationId: request.tenant.organizationId,
      query: request.query,
      locale: request.locale,
    }),
  }));
};
