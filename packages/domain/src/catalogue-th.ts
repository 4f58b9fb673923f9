import accounts from "../locales/th/accounts.json" with { type: "json" };
import admin from "../locales/th/admin.json" with { type: "json" };
import analytics from "../locales/th/analytics.json" with { type: "json" };
import apiKeys from "../locales/th/api-keys.json" with { type: "json" };
import apiLogs from "../locales/th/api-logs.json" with { type: "json" };
import apiSettings from "../locales/th/api-settings.json" with { type: "json" };
import campaigns from "../locales/th/campaigns.json" with { type: "json" };
import contactImports from "../locales/th/contact-imports.json" with { type: "json" };
import contacts from "../locales/th/contacts.json" with { type: "json" };
import cron from "../locales/th/cron.json" with { type: "json" };
import files from "../locales/th/files.json" with { type: "json" };
import inbox from "../locales/th/inbox.json" with { type: "json" };
import lists from "../locales/th/lists.json" with { type: "json" };
import marketing from "../locales/th/marketing.json" with { type: "json" };
import orders from "../locales/th/orders.json" with { type: "json" };
import organizations from "../locales/th/organizations.json" with { type: "json" };
import otpGuard from "../locales/th/otp-guard.json" with { type: "json" };
import reportFilters from "../locales/th/report-filters.json" with { type: "json" };
import schedules from "../locales/th/schedules.json" with { type: "json" };
import senders from "../locales/th/senders.json" with { type: "json" };
import settings from "../locales/th/settings.json" with { type: "json" };
import smpp from "../locales/th/smpp.json" with { type: "json" };
import smscConnections from "../locales/th/smsc-connections.json" with { type: "json" };
import smscRoutes from "../locales/th/smsc-routes.json" with { type: "json" };
import suppressions from "../locales/th/suppressions.json" with { type: "json" };
import templates from "../locales/th/templates.json" with { type: "json" };
import validation from "../locales/th/validation.json" with { type: "json" };
import type { DomainMessageKey } from "./catalogue.ts";

/**
 * The domain's Thai texts, every area in one object (ADR 104): the server loads it into its
 * i18next instance, the web as the `domain` namespace, one chunk fetched with the language.
 */
const th: Record<DomainMessageKey, string> = {
  ...accounts,
  ...admin,
  ...analytics,
  ...apiKeys,
  ...apiLogs,
  ...apiSettings,
  ...campaigns,
  ...contactImports,
  ...contacts,
  ...cron,
  ...files,
  ...inbox,
  ...lists,
  ...marketing,
  ...orders,
  ...organizations,
  ...otpGuard,
  ...reportFilters,
  ...schedules,
  ...senders,
  ...settings,
  ...smpp,
  ...smscConnections,
  ...smscRoutes,
  ...suppressions,
  ...templates,
  ...validation,
};

export default th;
