import type { MemberAction } from "@sms/domain/permissions";
import type { MenuGroup } from "@sms/domain/routes";

export interface MenuItem {
  /** Route key (see packages/domain/src/routes.ts); its path comes from the route table. */
  key: string;
  disabled?: boolean;
  hidden?: boolean;
  /** What the member must be allowed to do (ADR 10) for the page to answer: shown only then. */
  needs?: MemberAction;
}

export interface MenuSection {
  group: MenuGroup;
  /** A section with one item links straight to it; others expand. */
  items: MenuItem[];
  disabled?: boolean;
  hidden?: boolean;
}

/** Sidebar groups exactly as spec §2. */
export const SIDEBAR: MenuSection[] = [
  { group: "dashboard", items: [{ key: "dashboard" }] },
  { group: "subscriptions", items: [{ key: "subscriptions" }] },
  { group: "orders", items: [{ key: "orders" }] },
  {
    group: "reports",
    items: [
      { key: "reports.campaigns" },
      { key: "reports.messages" },
      { key: "reports.analytics" },
      { key: "reports.credit-refunds" },
      { key: "reports.sms-api" },
      { key: "reports.sms-otp" },
    ],
  },
  { group: "contacts", items: [{ key: "contacts" }] },
  { group: "senders", items: [{ key: "senders" }, { key: "templates" }] },
  {
    group: "messages",
    items: [
      { key: "messages.instant" },
      { key: "messages.campaigns" },
      { key: "messages.files" },
      // The inbox reads every reply to the organization's sends (its endpoints need reports.all).
      { key: "inbox", needs: "reports.all" },
    ],
  },
  { group: "smsApi", items: [{ key: "sms-api" }] },
  {
    group: "organization",
    hidden: true,
    items: [{ key: "organizations" }, { key: "sub-accounts", hidden: true, disabled: true }],
  },
  {
    group: "account",
    items: [{ key: "accounts" }, { key: "accounts.settings" }, { key: "term-and-conditions" }],
  },
  { group: "contactUs", items: [{ key: "contacts-us" }] },
  { group: "surveys", disabled: true, items: [{ key: "surveys", disabled: true }] },
];

export interface MenuVisibility {
  showOrganization?: boolean;
  /**
   * Whether the current member may do an action; items that need one it may not are left out.
   * Undefined (the role not known yet): such items wait, so a member never sees a page it cannot open.
   */
  can?: (action: MemberAction) => boolean;
}

export function visibleSections(options: MenuVisibility = {}): MenuSection[] {
  const allowed = (item: MenuItem) => !item.needs || options.can?.(item.needs) === true;
  return SIDEBAR.filter((s) => !s.hidden || (s.group === "organization" && options.showOrganization))
    .map((s) => ({ ...s, items: s.items.filter((i) => !i.hidden && allowed(i)) }))
    .filter((s) => s.items.length > 0);
}
