import type { TContactImportRow } from "@sms/domain/contracts/contact-imports";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button, spokenName } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { useFixImportRow } from "../api/fix-import-row";
import { IMPORT_ROWS_PAGE_SIZE, useImportRows } from "../api/list-import-rows";

const inputClass =
  "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-primary-700 aria-invalid:border-red-600";

/** One invalid row, corrected in place: its phone number (and names) saved with PATCH. */
function InvalidRowForm({ importId, row }: { importId: string; row: TContactImportRow }) {
  const { t } = useTranslation("contact-imports");
  const fix = useFixImportRow(importId);
  const [phone, setPhone] = useState(row.phone_number);
  const [firstName, setFirstName] = useState(row.first_name);
  const [lastName, setLastName] = useState(row.last_name);
  const [error, setError] = useState<string | null>(null);
  const errorId = `import-row-${row.row_number}-error`;

  const save = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    fix.mutate(
      {
        rowNumber: row.row_number,
        body: { phone_number: phone, first_name: firstName, last_name: lastName },
      },
      {
        onSuccess: () => toast.success(t("preview.fixed", { row: row.row_number })),
        onError: (e) => setError(isApiError(e) ? (e.details[0]?.message ?? e.message) : t("errors.general")),
      },
    );
  };

  return (
    <li className="rounded-md border border-gray-200 p-3">
      <form
        onSubmit={save}
        noValidate
        className="grid grid-cols-1 items-end gap-2 sm:grid-cols-[auto_1fr_1fr_1fr_auto]"
      >
        <span className="text-sm font-semibold text-gray-700">
          {t("preview.row")} {row.row_number}
        </span>
        <label className="text-sm text-gray-700">
          <span className="sr-only">{t("preview.phoneLabel", { row: row.row_number })}</span>
          <span aria-hidden="true">{t("preview.phone")}</span>
          <input
            type="tel"
            value={phone}
            maxLength={50}
            onChange={(event) => setPhone(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            className={inputClass}
          />
        </label>
        <label className="text-sm text-gray-700">
          <span className="sr-only">{t("preview.firstNameLabel", { row: row.row_number })}</span>
          <span aria-hidden="true">{t("preview.firstName")}</span>
          <input
            value={firstName}
            maxLength={100}
            onChange={(event) => setFirstName(event.target.value)}
            className={inputClass}
          />
        </label>
        <label className="text-sm text-gray-700">
          <span className="sr-only">{t("preview.lastNameLabel", { row: row.row_number })}</span>
          <span aria-hidden="true">{t("preview.lastName")}</span>
          <input
            value={lastName}
            maxLength={100}
            onChange={(event) => setLastName(event.target.value)}
            className={inputClass}
          />
        </label>
        <Button
          type="submit"
          variant="light-primary"
          isLoading={fix.isPending}
          aria-label={spokenName(t("preview.save"), t("preview.saveLabel", { row: row.row_number }))}
        >
          {t("preview.save")}
        </Button>
        <p id={errorId} className="text-sm text-red-600 empty:hidden sm:col-span-5">
          {error ? `* ${error}` : ""}
        </p>
      </form>
    </li>
  );
}

/** The invalid rows of an import in preview, a page at a time, each correctable. */
export function InvalidRows({ importId, count }: { importId: string; count: number }) {
  const { t } = useTranslation("contact-imports");
  const [page, setPage] = useState(1);
  const rows = useImportRows(importId, "invalid", page);
  const pages = Math.max(1, Math.ceil(count / IMPORT_ROWS_PAGE_SIZE));
  const current = Math.min(page, pages);
  if (count === 0) return null;
  return (
    <section aria-labelledby="import-invalid-title" className="space-y-2">
      <h4 id="import-invalid-title" className="font-semibold text-gray-900">
        {t("preview.invalidTitle")}
      </h4>
      <p className="text-sm text-gray-600">{t("preview.invalidIntro")}</p>
      <ul className="space-y-2" data-testid="invalid-rows">
        {(rows.data?.entities ?? []).map((row) => (
          // A saved row leaves the invalid list; the key keeps each form's own typing.
          <InvalidRowForm key={row.row_number} importId={importId} row={row} />
        ))}
      </ul>
      {pages > 1 ? (
        <nav aria-label={t("preview.pager")} className="flex items-center gap-3 text-sm">
          <Button variant="light-gray" size="sm" disabled={current <= 1} onClick={() => setPage(current - 1)}>
            {t("preview.previous")}
          </Button>
          <span>{t("preview.page", { page: current, pages })}</span>
          <Button
            variant="light-gray"
            size="sm"
            disabled={current >= pages}
            onClick={() => setPage(current + 1)}
          >
            {t("preview.next")}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
