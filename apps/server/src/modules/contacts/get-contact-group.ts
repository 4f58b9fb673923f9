import type { TContactGroup } from "@sms/domain";
import type { TenantScope } from "../../platform/tenant.ts";
import { findGroup } from "./find-group.ts";
import { presentGroup } from "./present.ts";

/** One group of the organization with its contact count. */
export async function getContactGroup(scope: TenantScope, id: number): Promise<TContactGroup> {
  return presentGroup(await findGroup(scope, id));
}
