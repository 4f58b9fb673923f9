export { contactMailJob } from "./jobs.ts";
export { listContactSubmissions } from "./list-contact-submissions.ts";
export { marketingRoutes } from "./routes.ts";
export { updateContactSubmission } from "./update-contact-submission.ts";
