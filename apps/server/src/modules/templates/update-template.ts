import { schema } from "@sms/db";
import type { TTemplate, TUpdateTemplateBody } from "@sms/domain";
import { eq, sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { presentTemplate } from "./present-template.ts";

export interface UpdateTemplateOptions {
  scope: TenantScope;
  id: number;
  input: TUpdateTemplateBody;
}

const t = schema.smsTemplates;

/**
 * Changes the name, the message or the on/off status (spec §4 toggle); every change moves
 * updated_at. One statement, so a concurrent delete gives NOT_FOUND, never a half-applied change.
 */
export async function updateTemplate({ scope, id, input }: UpdateTemplateOptions): Promise<TTemplate> {
  const [row] = await scope.db
    .update(t)
    .set({
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.message === undefined ? {} : { message: input.message }),
      ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
      // The database clock, as for created_at, so the two always compare in the right order.
      updatedAt: sql`now()`,
    })
    .where(scope.where(t, eq(t.id, id)))
    .returning();
  if (!row) throw new AppError("NOT_FOUND");
  return presentTemplate(row);
}
