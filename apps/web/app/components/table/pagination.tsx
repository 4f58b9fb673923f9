import { LIST_PAGER_WINDOW, pageWindow, type TPageInformation } from "@sms/domain/contracts/lists";
import { formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ChevronIcon } from "~/components/form/icons";

export interface PaginationProps {
  info: TPageInformation;
  /** The search string of a page ("?page=3…"); pages are real links, so they can be opened or shared. */
  searchForPage: (page: number) => string;
  /** Overrides the window of spec §9 (the server answers it as `limit`). */
  limit?: number;
}

const itemClass =
  "inline-flex min-h-10 min-w-10 items-center justify-center rounded-md px-3 text-sm font-medium " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600";

/**
 * Previous, a window of at most 5 page links around the current page (spec §9), next, and the
 * totals. The current page is marked aria-current; unavailable steps are shown but not links.
 */
export function Pagination({ info, searchForPage, limit }: PaginationProps) {
  const { t } = useTranslation("ui");
  const total = Math.max(1, info.total_pages);
  const pages = pageWindow(info.page, total, limit ?? (info.limit || LIST_PAGER_WINDOW));
  const step = (page: number, label: string, direction: "left" | "right") => {
    const icon = <ChevronIcon direction={direction} className="size-4" />;
    const content =
      direction === "left" ? (
        <>
          {icon}
          <span className="max-sm:sr-only">{label}</span>
        </>
      ) : (
        <>
          <span className="max-sm:sr-only">{label}</span>
          {icon}
        </>
      );
    if (page < 1 || page > total) {
      return (
        <span aria-disabled="true" className={`${itemClass} gap-1 text-gray-400`}>
          {content}
        </span>
      );
    }
    return (
      <Link
        to={{ search: searchForPage(page) }}
        aria-label={label}
        className={`${itemClass} gap-1 text-gray-700 ring-1 ring-gray-300 ring-inset hover:bg-gray-100`}
      >
        {content}
      </Link>
    );
  };

  return (
    <nav
      aria-label={t("table.pagination")}
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2"
    >
      <p className="text-sm text-gray-600">
        {t("table.summary", {
          page: formatNumber(Math.min(info.page, total)),
          total: formatNumber(total),
          count: info.total_item,
          items: formatNumber(info.total_item),
        })}
      </p>
      <ul className="flex flex-wrap items-center gap-1">
        <li>{step(Math.min(info.page - 1, total), t("table.previous"), "left")}</li>
        {pages.map((page) => {
          const current = page === info.page;
          return (
            <li key={page}>
              <Link
                to={{ search: searchForPage(page) }}
                aria-current={current ? "page" : undefined}
                aria-label={t("table.goToPage", { page })}
                className={`${itemClass} ${
                  current
                    ? "bg-primary-700 text-white"
                    : "text-gray-700 ring-1 ring-gray-300 ring-inset hover:bg-gray-100"
                }`}
              >
                {formatNumber(page)}
              </Link>
            </li>
          );
        })}
        <li>{step(info.page + 1, t("table.next"), "right")}</li>
      </ul>
    </nav>
  );
}
