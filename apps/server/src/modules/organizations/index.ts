import type { ServerModule } from "../../platform/module.ts";
import { memberMailJob } from "./jobs.ts";
import { organizationsRoutes } from "./routes.ts";

/** Organizations, members, invitations and the credit history (issue 10, ADR 33). The only door into this module. */
export { claimFreeTrial, createOrganization, setCreditExpiry, setSuspension } from "./organization-writes.ts";
export { switchOrganization } from "./switch-organization.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const organizationsModule: ServerModule = { routes: organizationsRoutes, jobs: [memberMailJob] };
