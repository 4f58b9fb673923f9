import { localizePath } from "@sms/domain/routes";
import { Component, type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { isChunkLoadError, reloadForChunkError } from "~/lib/chunk-reload";
import { localeFromPathname } from "~/lib/i18n";
import { errorStatus } from "./error-status";

function ErrorContent({ error }: { error: unknown }) {
  const { t } = useTranslation("common");
  const locale = localeFromPathname(useLocation().pathname);
  const status = errorStatus(error);
  useEffect(() => {
    if (isChunkLoadError(error)) reloadForChunkError();
  }, [error]);
  const message = status === 404 ? t("error.notFound") : t("error.general");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{`${status} · ${message}`}</title>
      <p className="text-6xl font-bold text-primary-700" aria-hidden="true">
        {status}
      </p>
      <h1 className="text-xl font-semibold">
        <span className="sr-only">{t("error.status", { status })} – </span>
        {message}
      </h1>
      <a
        href={localizePath("/", locale)}
        className="rounded-md bg-primary-700 px-4 py-2 font-medium text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
      >
        {t("error.goHome")}
      </a>
    </main>
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

export function ErrorPage({ error }: { error: unknown }) {
  return (
    <ErrorPageGuard>
      <ErrorContent error={error} />
    </ErrorPageGuard>
  );
}
