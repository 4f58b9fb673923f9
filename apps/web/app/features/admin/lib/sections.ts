import type { TAdminSummary } from "@sms/domain/contracts/admin";

/** The back office's pages, with the count that says what waits on each (issue 24 D18). */
export const BACKOFFICE_SECTIONS = [
  { path: "/admin/orders", label: "nav.orders", count: "waiting_orders", badge: "overview.waitingOrders" },
  {
    path: "/admin/senders",
    label: "nav.senders",
    count: "pending_senders",
    badge: "overview.waitingSenders",
  },
  {
    path: "/admin/contact-submissions",
    label: "nav.contactSubmissions",
    count: "new_contact_submissions",
    badge: "overview.newContacts",
  },
  { path: "/admin/users", label: "nav.users", count: "locked_users", badge: "overview.lockedUsers" },
  { path: "/admin/organizations", label: "nav.organizations", count: null, badge: null },
  { path: "/admin/packages", label: "nav.packages", count: null, badge: null },
  { path: "/admin/connections", label: "nav.connections", count: null, badge: null },
  { path: "/admin/messages", label: "nav.messages", count: null, badge: null },
  { path: "/admin/settings", label: "nav.settings", count: null, badge: null },
  { path: "/admin/audit", label: "nav.audit", count: null, badge: null },
] as const satisfies readonly {
  path: string;
  label: string;
  count: keyof TAdminSummary | null;
  badge: string | null;
}[];

/** The sum of what waits, for the one badge of the customer menu's back-office link. */
export function waitingTotal(summary: TAdminSummary | undefined): number {
  if (!summary) return 0;
  return summary.waiting_orders + summary.pending_senders + summary.new_contact_submissions;
}
