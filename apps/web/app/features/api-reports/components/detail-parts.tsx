import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { useLocalizedPath } from "~/lib/locale";

/** The link back to the report a detail belongs to. */
export function BackLink({ to, label }: { to: string; label: string }) {
  const lp = useLocalizedPath();
  return (
    <Link to={lp(to)} className="text-sm text-primary-700 underline-offset-2 hover:underline">
      {label}
    </Link>
  );
}

/** A detail that could not be shown: not found (no retry), or another error with a retry. */
export function DetailProblem({
  error,
  notFound,
  onRetry,
}: {
  error: unknown;
  notFound: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation("api-reports");
  const missing = error === null || (isApiError(error) && error.status === 404);
  return (
    <div
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900"
      data-testid={missing ? "detail-not-found" : "detail-error"}
    >
      <p>{missing ? notFound : error instanceof Error ? error.message : t("detail.loadFailed")}</p>
      {missing ? null : (
        <Button className="mt-2" size="sm" variant="light-gray" onClick={onRetry}>
          {t("detail.retry")}
        </Button>
      )}
    </div>
  );
}

/** Rows of label and value. */
export function Facts({ rows }: { rows: readonly (readonly [string, ReactNode, string?])[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-gray-200 bg-white p-4 text-sm sm:grid-cols-[12rem_1fr]">
      {rows.map(([label, value, testId]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-gray-600">{label}</dt>
          <dd className="min-w-0 break-words text-gray-900" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function DetailSkeleton() {
  return (
    <div className="space-y-3" aria-hidden="true" data-testid="detail-skeleton">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="h-6 animate-pulse rounded bg-gray-100" />
      ))}
    </div>
  );
}
