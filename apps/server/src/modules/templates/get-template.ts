import { schema } from "@sms/db";
import type { TTemplate } from "@sms/domain";
import type { TenantScope } from "../../platform/tenant.ts";
import { presentTemplate } from "./present-template.ts";

/** One template of the organization; another organization's id is NOT_FOUND. */
export async function getTemplate(scope: TenantScope, id: number): Promise<TTemplate> {
  return presentTemplate(await scope.findById(schema.smsTemplates, id));
}
