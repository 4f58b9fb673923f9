import { adminEndpoints } from "./admin.ts";
import { analyticsEndpoints } from "./analytics.ts";
import { apiKeysEndpoints, whitelistIpsEndpoints } from "./api-keys.ts";
import { apiLogsEndpoints } from "./api-logs.ts";
import { apiOtpEndpoints } from "./api-otp.ts";
import { apiSettingsEndpoints } from "./api-settings.ts";
import { campaignsEndpoints } from "./campaigns.ts";
import { contactImportsEndpoints } from "./contact-imports.ts";
import { contactsEndpoints } from "./contacts.ts";
import { dashboardEndpoints } from "./dashboard.ts";
import type { AnyEndpoint } from "./define.ts";
import { devEndpoints } from "./dev.ts";
import { filesEndpoints } from "./files.ts";
import { guestEndpoints } from "./guest.ts";
import { inboxEndpoints } from "./inbox.ts";
import { marketingEndpoints } from "./marketing.ts";
import { meEndpoints } from "./me.ts";
import { messageExportsEndpoints } from "./message-exports.ts";
import { adminOrdersEndpoints, ordersEndpoints } from "./orders.ts";
import { organizationsEndpoints } from "./organizations.ts";
import { otpConversionEndpoints, otpDenyRangesEndpoints } from "./otp-guard.ts";
import { receiptsEndpoints } from "./receipts.ts";
import { refundsEndpoints } from "./refunds.ts";
import { schedulesEndpoints } from "./schedules.ts";
import { adminSendersEndpoints, sendersEndpoints } from "./senders.ts";
import { settingsEndpoints } from "./settings.ts";
import { smppEndpoints } from "./smpp.ts";
import { smscConnectionsEndpoints } from "./smsc-connections.ts";
import { smscRoutesEndpoints } from "./smsc-routes.ts";
import { suppressionsEndpoints } from "./suppressions.ts";
import { systemEndpoints } from "./system.ts";
import { templatesEndpoints } from "./templates.ts";
import { webhooksEndpoints } from "./webhooks.ts";

export * from "./admin.ts";
export * from "./analytics.ts";
export * from "./api-keys.ts";
export * from "./api-logs.ts";
export * from "./api-otp.ts";
export * from "./api-settings.ts";
export * from "./campaigns.ts";
export * from "./contact-imports.ts";
export * from "./contacts.ts";
export * from "./dashboard.ts";
export * from "./define.ts";
export * from "./dev.ts";
export * from "./files.ts";
export * from "./guest.ts";
export * from "./inbox.ts";
export * from "./marketing.ts";
export * from "./me.ts";
export * from "./message-exports.ts";
export * from "./orders.ts";
export * from "./organizations.ts";
export * from "./otp-guard.ts";
export * from "./receipts.ts";
export * from "./refunds.ts";
export * from "./schedules.ts";
export * from "./senders.ts";
export * from "./settings.ts";
export * from "./smpp.ts";
export * from "./smsc-connections.ts";
export * from "./smsc-routes.ts";
export * from "./suppressions.ts";
export * from "./system.ts";
export * from "./templates.ts";
export * from "./webhooks.ts";

/** Every /api/v1 endpoint; the server test checks each has its route and each route its declaration. */
export const ALL_ENDPOINTS: readonly AnyEndpoint[] = [
  systemEndpoints,
  guestEndpoints,
  meEndpoints,
  marketingEndpoints,
  adminEndpoints,
  devEndpoints,
  filesEndpoints,
  ordersEndpoints,
  adminOrdersEndpoints,
  organizationsEndpoints,
  receiptsEndpoints,
  contactsEndpoints,
  contactImportsEndpoints,
  suppressionsEndpoints,
  inboxEndpoints,
  sendersEndpoints,
  adminSendersEndpoints,
  templatesEndpoints,
  campaignsEndpoints,
  messageExportsEndpoints,
  refundsEndpoints,
  schedulesEndpoints,
  apiKeysEndpoints,
  whitelistIpsEndpoints,
  apiSettingsEndpoints,
  apiOtpEndpoints,
  otpConversionEndpoints,
  apiLogsEndpoints,
  webhooksEndpoints,
  dashboardEndpoints,
  analyticsEndpoints,
  settingsEndpoints,
  smscConnectionsEndpoints,
  smscRoutesEndpoints,
  otpDenyRangesEndpoints,
  smppEndpoints,
].flatMap((group) => Object.values(group));
