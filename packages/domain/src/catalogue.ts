import type accounts from "../locales/en/accounts.json";
import type admin from "../locales/en/admin.json";
import type analytics from "../locales/en/analytics.json";
import type apiKeys from "../locales/en/api-keys.json";
import type apiLogs from "../locales/en/api-logs.json";
import type apiSettings from "../locales/en/api-settings.json";
import type campaigns from "../locales/en/campaigns.json";
import type contactImports from "../locales/en/contact-imports.json";
import type contacts from "../locales/en/contacts.json";
import type cron from "../locales/en/cron.json";
import type files from "../locales/en/files.json";
import type inbox from "../locales/en/inbox.json";
import type lists from "../locales/en/lists.json";
import type marketing from "../locales/en/marketing.json";
import type orders from "../locales/en/orders.json";
import type organizations from "../locales/en/organizations.json";
import type otpGuard from "../locales/en/otp-guard.json";
import type reportFilters from "../locales/en/report-filters.json";
import type schedules from "../locales/en/schedules.json";
import type senders from "../locales/en/senders.json";
import type settings from "../locales/en/settings.json";
import type smpp from "../locales/en/smpp.json";
import type smscConnections from "../locales/en/smsc-connections.json";
import type smscRoutes from "../locales/en/smsc-routes.json";
import type suppressions from "../locales/en/suppressions.json";
import type templates from "../locales/en/templates.json";
import type validation from "../locales/en/validation.json";
import { MAX_SUSPENSION_DAYS } from "./permissions.ts";
import { OTP_GUARD_LIMITS } from "./rules/otp-guard.ts";
import { SMPP_LIMITS, SMSC_LIMITS, SMSC_ROUTE_LIMITS } from "./rules/smsc-limits.ts";

/**
 * The domain's texts (ADR 104): the messages of the zod contracts and rules, as i18next JSON
 * catalogues, one file an area and language (`packages/domain/locales/<lang>/<area>.json`, flat
 * dotted keys: the server's format). The server loads them into its i18next instance beside its own
 * texts; the web loads them as its `domain` namespace, one chunk a language (catalogue-th.ts,
 * catalogue-en.ts). This module holds no text: only the keys' type and the limits the texts name;
 * the web imports it before any page, so it imports no contract (no zod).
 */
export type DomainCatalogue = typeof accounts &
  typeof admin &
  typeof analytics &
  typeof apiKeys &
  typeof apiLogs &
  typeof apiSettings &
  typeof campaigns &
  typeof contactImports &
  typeof contacts &
  typeof cron &
  typeof files &
  typeof inbox &
  typeof lists &
  typeof marketing &
  typeof orders &
  typeof organizations &
  typeof otpGuard &
  typeof reportFilters &
  typeof schedules &
  typeof senders &
  typeof settings &
  typeof smpp &
  typeof smscConnections &
  typeof smscRoutes &
  typeof suppressions &
  typeof templates &
  typeof validation;

/** Every key of the domain's catalogues: a contract's message key is one of these. */
export type DomainMessageKey = keyof DomainCatalogue;

/**
 * Limits a domain text states (`{{smsc_binds_max}}`), filled by i18next on the server and the web
 * (`interpolation.defaultVariables`): a catalogue names the limit the code keeps, never a copy.
 */
export const DOMAIN_CATALOGUE_VARIABLES = {
  max_suspension_days: MAX_SUSPENSION_DAYS,
  otp_deny_ranges_max: OTP_GUARD_LIMITS.denyRanges,
  smpp_password_max: SMPP_LIMITS.password,
  smpp_system_id_max: SMPP_LIMITS.systemId,
  smpp_system_type_max: SMPP_LIMITS.systemType,
  smsc_binds_max: SMSC_LIMITS.binds,
  smsc_name_max: SMSC_LIMITS.name,
  smsc_priority_max: SMSC_LIMITS.priority,
  smsc_route_failover_max: SMSC_ROUTE_LIMITS.failover,
  smsc_route_name_max: SMSC_ROUTE_LIMITS.name,
  smsc_route_operator_max: SMSC_ROUTE_LIMITS.operator,
  smsc_route_position_max: SMSC_ROUTE_LIMITS.position,
  smsc_route_prefixes_max: SMSC_ROUTE_LIMITS.prefixes,
  smsc_route_ranges_max: SMSC_ROUTE_LIMITS.ranges.toLocaleString("en"),
  smsc_route_sender_max: SMSC_ROUTE_LIMITS.sender,
  smsc_tps_max: SMSC_LIMITS.tps.toLocaleString("en"),
  smsc_window_max: SMSC_LIMITS.window,
};
