import type { ServerModule } from "../../platform/module.ts";
import { contactsJobs } from "./jobs.ts";
import { contactsRoutes } from "./routes.ts";

/** Contact groups, contacts and exports (issue 11). The only door into this module. */
export { agreedText } from "./consent-wording.ts";
export { recordOptInsSql } from "./consents.ts";
export { insertGroupContactsSql } from "./insert-contacts-sql.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const contactsModule: ServerModule = { routes: contactsRoutes, jobs: contactsJobs };
