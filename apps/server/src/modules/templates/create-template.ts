import { schema } from "@sms/db";
import type { TCreateTemplateBody, TTemplate } from "@sms/domain";
import type { TenantScope } from "../../platform/tenant.ts";
import { presentTemplate } from "./present-template.ts";

export interface CreateTemplateOptions {
  scope: TenantScope;
  userId: number;
  input: TCreateTemplateBody;
}

/** Saves a template for the organization; the contract has already refused unknown tags. */
export async function createTemplate({ scope, userId, input }: CreateTemplateOptions): Promise<TTemplate> {
  const [row] = await scope.db
    .insert(schema.smsTemplates)
    .values(
      scope.stamp({ name: input.name, message: input.message, enabled: input.enabled, createdBy: userId }),
    )
    .returning();
  if (!row) throw new Error("template insert returned no row");
  return presentTemplate(row);
}
