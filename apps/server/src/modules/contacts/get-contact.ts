import { schema } from "@sms/db";
import type { TContact } from "@sms/domain";
import type { TenantScope } from "../../platform/tenant.ts";
import { presentContact } from "./present.ts";

/** One contact of the organization; another organization's id is NOT_FOUND. */
export async function getContact(scope: TenantScope, id: number): Promise<TContact> {
  return presentContact(await scope.findById(schema.contacts, id));
}
