/**
 * The one route table of the product (spec §2), shared by the web app (which builds its
 * route tree from it) and the server (which answers real 404s for paths not listed here).
 */
export type Locale = "th" | "en";
export const LOCALES: readonly Locale[] = ["th", "en"];
export const DEFAULT_LOCALE: Locale = "th";
export const LOCALE_COOKIE = "locale";
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;

/** Spec §2's "blank layout" has no route of the spec's list, so it has no name here (ADR 58). */
export type LayoutName = "landing" | "auth" | "admin" | "backoffice" | "dev";

export type MenuGroup =
  | "dashboard"
  | "subscriptions"
  | "orders"
  | "reports"
  | "contacts"
  | "senders"
  | "messages"
  | "smsApi"
  | "organization"
  | "account"
  | "contactUs"
  | "surveys"
  | "backoffice";

export interface RouteDef {
  /** Stable id, also the route module name: `contacts.detail` → `contacts.detail.tsx`. */
  key: string;
  /** Path in the Thai tree; the English tree prefixes it with /en. */
  path: string;
  layout: LayoutName;
  /** Sidebar group for the breadcrumb (group > page). */
  group?: MenuGroup;
  /** Static HTML at build time (marketing pages). */
  prerender?: boolean;
  /** Only outside production. */
  devOnly?: boolean;
}

const marketing = (key: string, path: string): RouteDef => ({
  key,
  path,
  layout: "landing",
  prerender: true,
});
const auth = (key: string, path: string): RouteDef => ({ key, path, layout: "auth" });
const app = (key: string, path: string, group: MenuGroup): RouteDef => ({
  key,
  path,
  layout: "admin",
  group,
});

export const ROUTES: readonly RouteDef[] = [
  marketing("home", "/"),
  marketing("clients.cookies", "/clients/cookies"),
  marketing("clients.packages", "/clients/packages"),
  marketing("clients.privacy-notices", "/clients/privacy-notices"),
  marketing("clients.term-and-conditions", "/clients/term-and-conditions"),
  marketing("clients.services.location-base", "/clients/services/location-base"),
  marketing("clients.services.marketings", "/clients/services/marketings"),
  marketing("clients.services.otps", "/clients/services/otps"),
  marketing("clients.supports.contact-us", "/clients/supports/contact-us"),
  marketing("clients.supports.faq", "/clients/supports/faq"),
  marketing("clients.supports.how-to", "/clients/supports/how-to"),
  marketing("clients.supports.manual", "/clients/supports/manual"),
  marketing("clients.supports.way-cal-credit", "/clients/supports/way-cal-credit"),
  marketing("clients.warehouses.about-us", "/clients/warehouses/about-us"),

  auth("login", "/login"),
  auth("register", "/register"),
  auth("register.completed", "/register/completed"),
  auth("register.email-verification", "/register/email-verification"),
  auth("register.mobile-verification", "/register/mobile-verification"),
  auth("forgot", "/forgot"),
  auth("forgot.verify", "/forgot/verify"),
  auth("forgot.reset", "/forgot/reset"),

  app("dashboard", "/dashboard", "dashboard"),
  app("accounts", "/accounts", "account"),
  app("accounts.settings", "/accounts/settings", "account"),
  app("verifications", "/verifications", "account"),
  app("subscriptions", "/subscriptions", "subscriptions"),
  app("carts", "/carts", "subscriptions"),
  app("contacts", "/contacts", "contacts"),
  app("contacts.create", "/contacts/create", "contacts"),
  app("contacts.headers", "/contacts/headers", "contacts"),
  app("contacts.detail", "/contacts/:id", "contacts"),
  app("contacts.detail.create", "/contacts/:id/create", "contacts"),
  app("contacts.detail.edit", "/contacts/:id/edit", "contacts"),
  app("suppressions", "/suppressions", "contacts"),
  app("contacts-us", "/contacts-us", "contactUs"),
  app("messages", "/messages", "messages"),
  app("messages.instant", "/messages/instant", "messages"),
  app("messages.campaigns", "/messages/campaigns", "messages"),
  app("messages.files", "/messages/files", "messages"),
  app("inbox", "/inbox", "messages"),
  app("inbox.rules", "/inbox/rules", "messages"),
  app("inbox.detail", "/inbox/:phone", "messages"),
  app("orders", "/orders", "orders"),
  app("orders.headers", "/orders/headers", "orders"),
  app("organizations", "/organizations", "organization"),
  app("organizations.headers", "/organizations/headers", "organization"),
  app("organizations.detail", "/organizations/:id", "organization"),
  app("organizations.detail.credits", "/organizations/:id/credits", "organization"),
  app("organizations.detail.headers", "/organizations/:id/headers", "organization"),
  app("organizations.detail.headers-credits", "/organizations/:id/headers-credits", "organization"),
  app("senders", "/senders", "senders"),
  app("senders.create", "/senders/create", "senders"),
  app("senders.headers", "/senders/headers", "senders"),
  app("senders.detail", "/senders/:id", "senders"),
  app("sms-api", "/sms-api", "smsApi"),
  app("sms-api.docs", "/sms-api/docs", "smsApi"),
  app("sms-api.console", "/sms-api/console", "smsApi"),
  app("templates", "/templates", "senders"),
  app("templates.create", "/templates/create", "senders"),
  app("templates.headers", "/templates/headers", "senders"),
  app("templates.detail", "/templates/:id", "senders"),
  app("sub-accounts", "/sub-accounts", "organization"),
  app("sub-accounts.users", "/sub-accounts/users", "organization"),
  app("surveys", "/surveys", "surveys"),
  app("term-and-conditions", "/term-and-conditions", "account"),
  app("reports.analytics", "/reports/analytics", "reports"),
  app("reports.campaigns", "/reports/campaigns", "reports"),
  app("reports.campaigns.detail", "/reports/campaigns/:id", "reports"),
  app("reports.campaigns.headers", "/reports/campaigns/headers", "reports"),
  app("reports.campaigns.schedule-headers", "/reports/campaigns/schedule_headers", "reports"),
  app("reports.credits", "/reports/credits", "reports"),
  app("reports.credit-refunds", "/reports/credit-refunds", "reports"),
  app("reports.credit-refunds.headers", "/reports/credit-refunds/headers", "reports"),
  app("reports.messages", "/reports/messages", "reports"),
  app("reports.messages.headers", "/reports/messages/headers", "reports"),
  app("reports.sms-api", "/reports/sms-api", "reports"),
  app("reports.sms-api.detail", "/reports/sms-api/:id", "reports"),
  app("reports.sms-otp", "/reports/sms-otp", "reports"),
  app("reports.sms-otp.detail", "/reports/sms-otp/:id", "reports"),
  app("reports.sms-otp.headers", "/reports/sms-otp/headers", "reports"),
  app("reports.api-logs", "/reports/api-logs", "reports"),

  { key: "admin", path: "/admin", layout: "backoffice", group: "backoffice" },
  {
    key: "admin.contact-submissions",
    path: "/admin/contact-submissions",
    layout: "backoffice",
    group: "backoffice",
  },
  { key: "admin.orders", path: "/admin/orders", layout: "backoffice", group: "backoffice" },
  { key: "admin.senders", path: "/admin/senders", layout: "backoffice", group: "backoffice" },
  { key: "admin.users", path: "/admin/users", layout: "backoffice", group: "backoffice" },
  { key: "admin.users.detail", path: "/admin/users/:id", layout: "backoffice", group: "backoffice" },
  { key: "admin.organizations", path: "/admin/organizations", layout: "backoffice", group: "backoffice" },
  {
    key: "admin.organizations.detail",
    path: "/admin/organizations/:id",
    layout: "backoffice",
    group: "backoffice",
  },
  { key: "admin.packages", path: "/admin/packages", layout: "backoffice", group: "backoffice" },
  { key: "admin.connections", path: "/admin/connections", layout: "backoffice", group: "backoffice" },
  { key: "admin.messages", path: "/admin/messages", layout: "backoffice", group: "backoffice" },
  { key: "admin.settings", path: "/admin/settings", layout: "backoffice", group: "backoffice" },
  { key: "admin.audit", path: "/admin/audit", layout: "backoffice", group: "backoffice" },

  { key: "dev.ui", path: "/dev/ui", layout: "dev", devOnly: true },
  { key: "dev.inbox", path: "/dev/inbox", layout: "dev", devOnly: true },
];

export const EN_PREFIX = "/en";

const byKey = new Map(ROUTES.map((r) => [r.key, r]));

export function routeByKey(key: string): RouteDef | undefined {
  return byKey.get(key);
}

/** `/contacts/:id` in locale `en` → `/en/contacts/:id`; the Thai tree has no prefix. */
export function localizePath(path: string, locale: Locale): string {
  if (locale === "th") return path;
  return path === "/" ? EN_PREFIX : `${EN_PREFIX}${path}`;
}

/** Splits a URL path into its locale and the Thai-tree path. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  if (pathname === EN_PREFIX || pathname === `${EN_PREFIX}/`) return { locale: "en", path: "/" };
  if (pathname.startsWith(`${EN_PREFIX}/`)) return { locale: "en", path: pathname.slice(EN_PREFIX.length) };
  return { locale: "th", path: pathname };
}

/** The same page in the other language, keeping query and hash untouched by the caller. */
export function switchLocalePath(pathname: string, target: Locale): string {
  return localizePath(splitLocale(pathname).path, target);
}

function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}$`);
}

/** Static segments win over params, as in the web router (`/contacts/create` before `/contacts/:id`). */
const compiled = ROUTES.map((route) => ({ route, re: patternToRegExp(route.path) })).sort(
  (a, b) => (a.route.path.match(/:/g)?.length ?? 0) - (b.route.path.match(/:/g)?.length ?? 0),
);

/** Finds the route for a URL path in either locale; trailing slashes are ignored. */
export function matchRoute(
  pathname: string,
  options: { includeDev?: boolean } = {},
): { route: RouteDef; locale: Locale } | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const { locale, path } = splitLocale(trimmed || "/");
  for (const { route, re } of compiled) {
    if (route.devOnly && !options.includeDev) continue;
    if (re.test(path)) return { route, locale };
  }
  return null;
}

/** Every prerendered path in both locales. */
export function prerenderPaths(): string[] {
  return ROUTES.filter((r) => r.prerender).flatMap((r) => LOCALES.map((l) => localizePath(r.path, l)));
}
