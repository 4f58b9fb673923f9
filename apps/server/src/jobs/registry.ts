import { adminJobs } from "../modules/admin/index.ts";
import { welcomeMailJob } from "../modules/auth/index.ts";
import { contactImportsJobs } from "../modules/contact-imports/index.ts";
import { contactsJobs } from "../modules/contacts/index.ts";
import { expireCreditsJob } from "../modules/credits/index.ts";
import { engineJobs } from "../modules/engine/index.ts";
import { contactMailJob } from "../modules/marketing/index.ts";
import { messageExportsJobs } from "../modules/message-exports/index.ts";
import { orderDecisionMailJob, orderReceivedMailJob } from "../modules/orders/index.ts";
import { memberMailJob } from "../modules/organizations/index.ts";
import { otpDeliveryJob } from "../modules/otp/index.ts";
import { publicApiJobs } from "../modules/public-api/index.ts";
import { sendersJobs } from "../modules/senders/index.ts";
import { sweepAcceptancesJob } from "../modules/sending/index.ts";
import { settingsJobs } from "../modules/settings/index.ts";
import { smscConnectionsJobs } from "../modules/smsc-connections/index.ts";
import type { JobDefinition } from "./define-job.ts";

/** Every job of the product. A job missing here cannot be enqueued (JobQueue refuses it). */
export const jobDefinitions = [
  otpDeliveryJob,
  welcomeMailJob,
  contactMailJob,
  orderDecisionMailJob,
  orderReceivedMailJob,
  memberMailJob,
  expireCreditsJob,
  sweepAcceptancesJob,
  ...contactsJobs,
  ...contactImportsJobs,
  ...sendersJobs,
  ...engineJobs,
  ...publicApiJobs,
  ...messageExportsJobs,
  ...settingsJobs,
  ...smscConnectionsJobs,
  ...adminJobs,
] as unknown as readonly JobDefinition<unknown>[];
