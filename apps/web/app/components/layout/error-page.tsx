import { type Locale, localizePath, routeByKey } from "@sms/domain/routes";
import {
  Component,
  type ComponentType,
  type ReactNode,
  Suspense,
  useEffect,
  useSyncExternalStore,
} from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { isChunkLoadError, reloadForChunkError } from "~/lib/chunk-reload";
import { localeFromPathname } from "~/lib/i18n";
import { session } from "~/lib/session";
import { errorStatus } from "./error-status";

export type ErrorFrame = ComponentType<{ locale: Locale; pathname: string; children: ReactNode }>;

const button =
  "inline-flex min-h-11 items-center justify-center rounded-md px-4 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700";

const subscribeNever = () => () => {};
/** False while React hydrates server HTML, true afterwards and for every client-only render. */
const useHydrated = () =>
  useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );

function ErrorContent({ error }: { error: unknown }) {
  const { t } = useTranslation("common");
  const locale = localeFromPathname(useLocation().pathname);
  const status = errorStatus(error);
  useEffect(() => {
    if (isChunkLoadError(error)) reloadForChunkError();
  }, [error]);
  const message = status === 404 ? t("error.notFound") : t("error.general");
  const packages = routeByKey("clients.packages");
  const support = routeByKey("clients.supports.contact-us");
  // Rendered after hydration only, so the browser's session can be read: a signed-in person is
  // offered the way back to the dashboard, not a sign-in (review D63).
  const signedIn = session.hasToken();
  const [homePath, homeLabel] = signedIn ? ["/dashboard", t("error.dashboard")] : ["/", t("error.goHome")];
  return (
    <main id="main" className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <title>{`${status} · ${message}`}</title>
      <p className="text-6xl font-bold text-primary-700" aria-hidden="true">
        {status}
      </p>
      <h1 className="text-xl font-semibold">
        <span className="sr-only">{t("error.status", { status })} – </span>
        {message}
      </h1>
      <a
        href={localizePath(homePath, locale)}
        className={`${button} bg-primary-700 text-white hover:bg-primary-800`}
        data-testid="error-home"
      >
        {homeLabel}
      </a>
      <nav aria-labelledby="error-elsewhere" className="mt-4">
        <h2 id="error-elsewhere" className="text-sm text-gray-700">
          {t("error.elsewhere")}
        </h2>
        <ul className="mt-2 flex flex-wrap justify-center gap-2">
          {[
            [packages?.path, t("error.packages")],
            [support?.path, t("error.support")],
            signedIn ? ["/", t("error.goHome")] : ["/login", t("error.login")],
          ].map(([path, label]) =>
            path ? (
              <li key={path}>
                <a
                  href={localizePath(path, locale)}
                  className={`${button} border border-gray-300 text-primary-700 hover:bg-primary-50`}
                >
                  {label}
                </a>
              </li>
            ) : null,
          )}
        </ul>
      </nav>
    </main>
  );
}

function Framed({ error, Frame }: { error: unknown; Frame?: ErrorFrame }) {
  const { pathname } = useLocation();
  const content = <ErrorContent error={error} />;
  if (!Frame) return <div className="flex min-h-screen flex-col">{content}</div>;
  return (
    <Frame locale={localeFromPathname(pathname)} pathname={pathname}>
      {content}
    </Frame>
  );
}

/** If rendering the error page itself throws, this plain fallback still leads home (spec §2). */
class ErrorPageGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    const english = typeof window !== "undefined" && window.location.pathname.startsWith("/en");
    return (
      <main className="p-6 text-center">
        <p>
          {english ? "An error occurred while showing the error page." : "เกิดข้อผิดพลาดระหว่างแสดงหน้าข้อผิดพลาด"}
        </p>
        <a href={english ? "/en" : "/"} className="text-primary-700 underline">
          {english ? "Go to the home page" : "ไปหน้าแรก"}
        </a>
      </main>
    );
  }
}

export interface ErrorPageProps {
  error: unknown;
  /**
   * What the page's HTML showed before its code ran (the SPA fallback's loading screen). It is
   * rendered while React hydrates, so hydration matches, and then replaced by the error.
   */
  pending?: ReactNode;
  /** Site chrome around the message (the public header and footer), possibly loaded lazily. */
  Frame?: ErrorFrame;
}

export function ErrorPage({ error, pending = null, Frame }: ErrorPageProps) {
  const hydrated = useHydrated();
  if (!hydrated) return pending;
  return (
    <ErrorPageGuard>
      <Suspense fallback={pending}>
        <Framed error={error} Frame={Frame} />
      </Suspense>
    </ErrorPageGuard>
  );
}
