import type { ServerModule } from "../platform/module.ts";
import { uploadsPlugin } from "../platform/multipart.ts";
import { adminModule } from "./admin/index.ts";
import { analyticsModule } from "./analytics/index.ts";
import { apiKeysModule } from "./api-keys/index.ts";
import { apiLogsModule } from "./api-logs/index.ts";
import { apiOtpReportsModule } from "./api-otp-reports/index.ts";
import { apiSettingsModule } from "./api-settings/index.ts";
import { authModule } from "./auth/index.ts";
import { campaignsModule } from "./campaigns/index.ts";
import { contactImportsModule } from "./contact-imports/index.ts";
import { contactsModule } from "./contacts/index.ts";
import { creditsModule } from "./credits/index.ts";
import { dashboardModule } from "./dashboard/index.ts";
import { devInboxModule } from "./dev-inbox/index.ts";
import { engineModule } from "./engine/index.ts";
import { filesModule } from "./files/index.ts";
import { inboxModule } from "./inbox/index.ts";
import { marketingModule } from "./marketing/index.ts";
import { meModule } from "./me/index.ts";
import { messageExportsModule } from "./message-exports/index.ts";
import { ordersModule } from "./orders/index.ts";
import { createOrganization, organizationsModule } from "./organizations/index.ts";
import { otpModule } from "./otp/index.ts";
import { otpGuardModule } from "./otp-guard/index.ts";
import { publicApiModule } from "./public-api/index.ts";
import { receiptsModule } from "./receipts/index.ts";
import { refundsModule } from "./refunds/index.ts";
import { schedulesModule } from "./schedules/index.ts";
import { sendersModule } from "./senders/index.ts";
import { sendingModule } from "./sending/index.ts";
import { settingsModule } from "./settings/index.ts";
import { smppServerModule } from "./smpp-server/index.ts";
import { smscConnectionsModule } from "./smsc-connections/index.ts";
import { suppressionsModule } from "./suppressions/index.ts";
import { systemModule } from "./system/index.ts";
import { templatesModule } from "./templates/index.ts";
import { webhooksModule } from "./webhooks/index.ts";

/**
 * Every module of the server, once (ADR 80): app.ts registers their routes under /api/v1 in this
 * order and hands their jobs to the JobQueue. A module without either (links, whose routes app.ts
 * mounts at the root) is not listed. Adding a module is one line here.
 */
export const serverModules: readonly ServerModule[] = [
  // Multipart parsing, first so every module after it can take uploads.
  { routes: uploadsPlugin },
  systemModule,
  authModule({ firstOrganization: createOrganization }),
  meModule,
  devInboxModule,
  marketingModule,
  adminModule,
  smscConnectionsModule,
  filesModule,
  ordersModule,
  organizationsModule,
  receiptsModule,
  contactsModule,
  contactImportsModule,
  suppressionsModule,
  inboxModule,
  sendersModule,
  templatesModule,
  campaignsModule,
  sendingModule,
  messageExportsModule,
  refundsModule,
  schedulesModule,
  apiKeysModule,
  apiSettingsModule,
  apiOtpReportsModule,
  apiLogsModule,
  webhooksModule,
  settingsModule,
  dashboardModule,
  analyticsModule,
  creditsModule,
  engineModule,
  otpModule,
  otpGuardModule,
  publicApiModule,
  smppServerModule,
];

/** The /api/v1 route plugins, in registration order. */
export const apiModules = serverModules.flatMap((module) => (module.routes ? [module.routes] : []));

/** Every job of the product. A job missing here cannot be enqueued (JobQueue refuses it). */
export const jobDefinitions = serverModules.flatMap((module) => module.jobs ?? []);

/** The modules' background loops (delivery reports, schedule firing, webhooks), in the list's order. */
export const backgroundLoops = serverModules.flatMap((module) => (module.loop ? [module.loop] : []));
