import type { TAdminPackage } from "@sms/domain/contracts/admin";
import { formatBaht } from "@sms/domain/rules/cart";
import { formatNumber } from "@sms/domain/rules/format";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/form";
import { DataTable, type DataTableColumn } from "~/components/table";
import { useAdminPackages } from "../api/list-packages";
import { PackageDialog } from "./package-dialog";

/** The package catalogue (issue 10): every package in display order, each editable, and new ones. */
export function PackagesEditor() {
  const { t } = useTranslation("admin");
  const query = useAdminPackages();
  const [editing, setEditing] = useState<{ pkg: TAdminPackage | null } | null>(null);

  const columns: DataTableColumn<TAdminPackage, "none">[] = [
    { title: t("packages.sortOrder"), key: "sort_order", class: "text-end", cell: (p) => p.sort_order },
    { title: t("packages.id"), key: "id", class: "text-end", cell: (p) => p.id },
    {
      title: t("packages.name"),
      key: "name",
      card: "title",
      class: "min-w-40",
      cell: (p) => (
        <>
          <span className="font-medium text-gray-900">{p.name}</span>
          {p.is_trial ? (
            <span className="ms-2 inline-block rounded-full bg-secondary-100 px-2 py-0.5 text-xs text-secondary-800">
              {t("packages.trial")}
            </span>
          ) : null}
        </>
      ),
    },
    { title: t("packages.months"), key: "months", class: "text-end", cell: (p) => formatNumber(p.months) },
    { title: t("packages.credits"), key: "credits", class: "text-end", cell: (p) => formatNumber(p.credits) },
    {
      title: t("packages.priceShort"),
      key: "price_satang",
      class: "text-end whitespace-nowrap",
      cell: (p) => formatBaht(p.price_satang),
    },
    {
      title: t("packages.active"),
      key: "active",
      card: "status",
      class: "whitespace-nowrap",
      cell: (p) =>
        p.active ? (
          <span className="inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-emerald-800">
            {t("packages.active")}
          </span>
        ) : (
          <span className="inline-block rounded-full bg-gray-100 px-2 py-0.5 text-gray-700">
            {t("packages.inactive")}
          </span>
        ),
    },
    {
      title: "",
      key: "actions",
      class: "text-end",
      cell: (p) => (
        <Button
          size="sm"
          variant="light-primary"
          onClick={() => setEditing({ pkg: p })}
          data-testid={`edit-package-${p.id}`}
        >
          {t("common.edit")}
          <span className="sr-only"> {p.name}</span>
        </Button>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing({ pkg: null })} data-testid="add-package">
          {t("packages.add")}
        </Button>
      </div>
      <DataTable
        caption={t("packages.caption")}
        hideCaption
        columns={columns}
        rows={query.data}
        rowKey={(p) => p.id}
        isLoading={query.isPending}
        isFetching={query.isFetching}
        error={query.isError ? query.error : null}
        onRetry={() => void query.refetch()}
        emptyText={t("packages.empty")}
        skeletonRows={6}
      />
      <PackageDialog isOpen={editing !== null} onClose={() => setEditing(null)} pkg={editing?.pkg ?? null} />
    </div>
  );
}
