import { BLOCKED_WHILE_SUSPENDED, formatDateTime, type MemberAction, splitLocale } from "@sms/domain";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useCurrentUser } from "./current-user";

/** The actions a suspension blocks that have a button of their own (spec §9 terms). */
export type SuspendedAction = Extract<MemberAction, "messages.send" | "credits.buy">;

export interface ActiveSuspension {
  until: Date;
  reason: string;
}

/**
 * The current organization's suspension while it lasts, when it blocks `action` (the server refuses
 * the same actions: BLOCKED_WHILE_SUSPENDED); else null. Forms disable their send or buy button with
 * it, so a suspended customer learns before filling the form, not from an error after it.
 */
export function useSuspension(action: SuspendedAction): ActiveSuspension | null {
  const { user } = useCurrentUser();
  const suspension = user?.default_organization?.suspension;
  if (!suspension || !BLOCKED_WHILE_SUSPENDED.includes(action)) return null;
  const until = new Date(suspension.until);
  if (until.getTime() <= Date.now()) return null;
  return { until, reason: suspension.reason };
}

/** The id a blocked button points its aria-describedby at. */
export const SUSPENDED_NOTICE_ID = "suspended-notice";

/**
 * Why the button beside it is disabled: the suspension's end and reason, in the page's language.
 * Renders nothing while the organization may take the action.
 */
export function SuspendedNotice({ action, className = "" }: { action: SuspendedAction; className?: string }) {
  const { t } = useTranslation("account");
  const { locale } = splitLocale(useLocation().pathname);
  const suspension = useSuspension(action);
  if (!suspension) return null;
  return (
    <p
      id={SUSPENDED_NOTICE_ID}
      data-testid="suspended-notice"
      className={`basis-full rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 ${className}`}
    >
      {t(action === "credits.buy" ? "suspension.buyBlocked" : "suspension.sendBlocked", {
        until: formatDateTime(suspension.until, locale),
        reason: suspension.reason,
      })}
    </p>
  );
}
