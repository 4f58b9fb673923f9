import type { ServerModule } from "../../platform/module.ts";
import { contactMailJob } from "./jobs.ts";
import { marketingRoutes } from "./routes.ts";

export { contactMailJob } from "./jobs.ts";
export { listContactSubmissions } from "./list-contact-submissions.ts";
export { updateContactSubmission } from "./update-contact-submission.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const marketingModule: ServerModule = { routes: marketingRoutes, jobs: [contactMailJob] };
