import { type Db, schema } from "@sms/db";
import type { TStaffMessage } from "@sms/domain";
import { asc, eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";

const m = schema.messages;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * One message for staff (issue 26 point 2): where it went (connection and route, by name even after
 * a rename; a deleted route keeps its id), its gateway ids and its status. By id alone: the primary
 * key (id, created_at) leads with the id, so each partition answers from its index. No text.
 */
export async function getStaffMessage(db: Db, id: number): Promise<TStaffMessage> {
  const [row] = await db
    .select({
      message: m,
      organization: { id: schema.organizations.id, name: schema.organizations.name },
      campaign: { id: schema.campaigns.id, name: schema.campaigns.name, purpose: schema.campaigns.purpose },
      connectionName: schema.smscConnections.name,
      routeName: schema.smscRoutes.name,
    })
    .from(m)
    .innerJoin(schema.organizations, eq(schema.organizations.id, m.organizationId))
    .innerJoin(schema.campaigns, eq(schema.campaigns.id, m.campaignId))
    .leftJoin(schema.smscConnections, eq(schema.smscConnections.id, m.smscConnectionId))
    .leftJoin(schema.smscRoutes, eq(schema.smscRoutes.id, m.routeId))
    .where(eq(m.id, id))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  const parts = await db
    .select({ part: schema.messageParts.part, gatewayId: schema.messageParts.gatewayId })
    .from(schema.messageParts)
    .where(eq(schema.messageParts.messageId, id))
    .orderBy(asc(schema.messageParts.part));
  const { message } = row;
  return {
    id: message.id,
    created_at: message.createdAt.toISOString(),
    organization: row.organization,
    campaign: row.campaign,
    type: message.type,
    sender: message.sender,
    recipient: message.recipient,
    status: message.status,
    state: message.state,
    code: message.code,
    submit_state: message.submitState,
    billed_parts: message.billedParts,
    wire_parts: message.wireParts,
    submitted_at: iso(message.submittedAt),
    done_at: iso(message.doneAt),
    connection:
      message.smscConnectionId === null ? null : { id: message.smscConnectionId, name: row.connectionName },
    route: message.routeId === null ? null : { id: message.routeId, name: row.routeName },
    parts: parts.map((p) => ({ part: p.part, gateway_id: p.gatewayId })),
  };
}
