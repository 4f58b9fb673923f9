import accounts from "../locales/en/accounts.json" with { type: "json" };
import admin from "../locales/en/admin.json" with { type: "json" };
import analytics from "../locales/en/analytics.json" with { type: "json" };
import apiKeys from "../locales/en/api-keys.json" with { type: "json" };
import apiLogs from "../locales/en/api-logs.json" with { type: "json" };
import apiSettings from "../locales/en/api-settings.json" with { type: "json" };
import campaigns from "../locales/en/campaigns.json" with { type: "json" };
import contactImports from "../locales/en/contact-imports.json" with { type: "json" };
import contacts from "../locales/en/contacts.json" with { type: "json" };
import cron from "../locales/en/cron.json" with { type: "json" };
import files from "../locales/en/files.json" with { type: "json" };
import inbox from "../locales/en/inbox.json" with { type: "json" };
import lists from "../locales/en/lists.json" with { type: "json" };
import marketing from "../locales/en/marketing.json" with { type: "json" };
import orders from "../locales/en/orders.json" with { type: "json" };
import organizations from "../locales/en/organizations.json" with { type: "json" };
import otpGuard from "../locales/en/otp-guard.json" with { type: "json" };
import reportFilters from "../locales/en/report-filters.json" with { type: "json" };
import schedules from "../locales/en/schedules.json" with { type: "json" };
import senders from "../locales/en/senders.json" with { type: "json" };
import settings from "../locales/en/settings.json" with { type: "json" };
import smpp from "../locales/en/smpp.json" with { type: "json" };
import smscConnections from "../locales/en/smsc-connections.json" with { type: "json" };
import smscRoutes from "../locales/en/smsc-routes.json" with { type: "json" };
import suppressions from "../locales/en/suppressions.json" with { type: "json" };
import templates from "../locales/en/templates.json" with { type: "json" };
import validation from "../locales/en/validation.json" with { type: "json" };
import type { DomainMessageKey } from "./catalogue.ts";

/**
 * The domain's English texts, every area in one object (ADR 104): the server loads it into its
 * i18next instance, the web as the `domain` namespace, one chunk fetched with the language.
 */
const en: Record<DomainMessageKey, string> = {
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

export default en;
