import { formatDateTime, splitLocale } from "@sms/domain";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useCurrentUser } from "~/features/account";

/** The banner's height, which the shell's sticky top bar and sidebar start below. */
const HEIGHT_VARIABLE = "--app-banner-height";

/** Keeps HEIGHT_VARIABLE equal to the element's height while it is shown (it wraps on a phone). */
function useStickyHeight(shown: boolean) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(HEIGHT_VARIABLE, `${element.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(HEIGHT_VARIABLE);
    };
  }, [shown]);
  return ref;
}

/**
 * Staff suspended the current organization (spec §9 terms: up to 15 days for suspected misuse):
 * say so above every page, with the end and the reason, since sending, buying and the API are
 * refused meanwhile. Not closable: it explains why things do not work, and it stays in view while
 * the page scrolls (review D68), the shell's top bar below it.
 */
export function SuspensionBanner() {
  const { t } = useTranslation("organizations");
  const { locale } = splitLocale(useLocation().pathname);
  const { user } = useCurrentUser();
  const suspension = user?.default_organization?.suspension;
  const ref = useStickyHeight(Boolean(suspension));
  if (!suspension) return null;
  return (
    <section
      ref={ref}
      role="alert"
      data-testid="suspension-banner"
      className="sticky top-0 z-40 bg-red-700 px-4 py-2 text-center text-sm font-medium text-white"
    >
      {t("suspension.text", {
        until: formatDateTime(new Date(suspension.until), locale),
        reason: suspension.reason,
      })}
    </section>
  );
}
