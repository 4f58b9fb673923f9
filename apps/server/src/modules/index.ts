import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { uploadsPlugin } from "../platform/multipart.ts";
import { adminRoutes } from "./admin/index.ts";
import { apiKeysRoutes } from "./api-keys/index.ts";
import { apiOtpReportsRoutes } from "./api-otp-reports/index.ts";
import { apiSettingsRoutes } from "./api-settings/index.ts";
import { authRoutes } from "./auth/index.ts";
import { campaignsRoutes } from "./campaigns/index.ts";
import { contactImportsRoutes } from "./contact-imports/index.ts";
import { contactsRoutes } from "./contacts/index.ts";
import { dashboardRoutes } from "./dashboard/index.ts";
import { devInboxRoutes } from "./dev-inbox/index.ts";
import { filesRoutes } from "./files/index.ts";
import { marketingRoutes } from "./marketing/index.ts";
import { meRoutes } from "./me/index.ts";
import { messageExportsRoutes } from "./message-exports/index.ts";
import { ordersRoutes } from "./orders/index.ts";
import { organizationsRoutes } from "./organizations/index.ts";
import { receiptsRoutes } from "./receipts/index.ts";
import { refundsRoutes } from "./refunds/index.ts";
import { schedulesRoutes } from "./schedules/index.ts";
import { sendersRoutes } from "./senders/index.ts";
import { sendingRoutes } from "./sending/index.ts";
import { settingsRoutes } from "./settings/index.ts";
import { smscConnectionsRoutes } from "./smsc-connections/index.ts";
import { suppressionsRoutes } from "./suppressions/index.ts";
import { systemRoutes } from "./system/index.ts";
import { templatesRoutes } from "./templates/index.ts";
import { webhooksRoutes } from "./webhooks/index.ts";

/** Every /api/v1 module, registered under the prefix by app.ts. */
export const apiModules: FastifyPluginAsyncZod[] = [
  // Multipart parsing and app.storage, first so every module after it can take uploads.
  uploadsPlugin,
  systemRoutes,
  authRoutes,
  meRoutes,
  devInboxRoutes,
  marketingRoutes,
  adminRoutes,
  smscConnectionsRoutes,
  filesRoutes,
  ordersRoutes,
  organizationsRoutes,
  receiptsRoutes,
  contactsRoutes,
  contactImportsRoutes,
  suppressionsRoutes,
  sendersRoutes,
  templatesRoutes,
  campaignsRoutes,
  sendingRoutes,
  messageExportsRoutes,
  refundsRoutes,
  schedulesRoutes,
  apiKeysRoutes,
  apiSettingsRoutes,
  apiOtpReportsRoutes,
  webhooksRoutes,
  settingsRoutes,
  dashboardRoutes,
];
