import type { DomainCatalogue } from "@sms/domain/catalogue";
import "i18next";
import type account from "./locales/en/account.json";
import type admin from "./locales/en/admin.json";
import type analytics from "./locales/en/analytics.json";
import type apiDocs from "./locales/en/api-docs.json";
import type apiKeys from "./locales/en/api-keys.json";
import type apiLogs from "./locales/en/api-logs.json";
import type apiReports from "./locales/en/api-reports.json";
import type auth from "./locales/en/auth.json";
import type campaignReports from "./locales/en/campaign-reports.json";
import type campaigns from "./locales/en/campaigns.json";
import type common from "./locales/en/common.json";
import type contactImports from "./locales/en/contact-imports.json";
import type contacts from "./locales/en/contacts.json";
import type dashboard from "./locales/en/dashboard.json";
import type fileCampaigns from "./locales/en/file-campaigns.json";
import type inbox from "./locales/en/inbox.json";
import type marketing from "./locales/en/marketing.json";
import type messageReports from "./locales/en/message-reports.json";
import type messages from "./locales/en/messages.json";
import type orders from "./locales/en/orders.json";
import type organizations from "./locales/en/organizations.json";
import type refunds from "./locales/en/refunds.json";
import type schedules from "./locales/en/schedules.json";
import type senders from "./locales/en/senders.json";
import type settings from "./locales/en/settings.json";
import type suppressions from "./locales/en/suppressions.json";
import type templates from "./locales/en/templates.json";
import type ui from "./locales/en/ui.json";

/** The English catalogues (the web's and the domain's) are the shape of every namespace (i18n.test.ts keeps th the same): `t` checks its keys. */
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: {
      account: typeof account;
      admin: typeof admin;
      analytics: typeof analytics;
      "api-docs": typeof apiDocs;
      "api-keys": typeof apiKeys;
      "api-logs": typeof apiLogs;
      "api-reports": typeof apiReports;
      auth: typeof auth;
      "campaign-reports": typeof campaignReports;
      campaigns: typeof campaigns;
      common: typeof common;
      "contact-imports": typeof contactImports;
      contacts: typeof contacts;
      dashboard: typeof dashboard;
      /** The domain's texts (packages/domain/locales, flat dotted keys: the zod contracts' messages). */
      domain: DomainCatalogue;
      "file-campaigns": typeof fileCampaigns;
      inbox: typeof inbox;
      marketing: typeof marketing;
      "message-reports": typeof messageReports;
      messages: typeof messages;
      orders: typeof orders;
      organizations: typeof organizations;
      refunds: typeof refunds;
      schedules: typeof schedules;
      senders: typeof senders;
      settings: typeof settings;
      suppressions: typeof suppressions;
      templates: typeof templates;
      ui: typeof ui;
    };
  }
}
