import {
  type TCreateHolidayRequest,
  type THoliday,
  ZCreateHolidayRequest,
  ZUpdateHolidayRequest,
} from "@sms/domain/contracts/admin";
import { bangkokDayKey } from "@sms/domain/rules/bangkok-time";
import { thaiHolidaysProvisional } from "@sms/domain/rules/thai-public-holidays";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import {
  Button,
  FormAlert,
  FormTextInput,
  spokenName,
  TextInput,
  useContractForm,
  useMessageText,
} from "~/components/form";
import { DatePicker } from "~/components/form/date-picker";
import { DataTable, type DataTableColumn, useFocusAfterDelete } from "~/components/table";
import { useLocale } from "~/lib/locale";
import { useCreateHoliday } from "../api/create-holiday";
import { useDeleteHoliday } from "../api/delete-holiday";
import { useHolidays } from "../api/list-holidays";
import { useUpdateHoliday } from "../api/update-holiday";
import { errorText } from "../lib/error-text";
import { holidayDate } from "../lib/holiday-date";
import { OfficialHolidays } from "./official-holidays";

/** The years the holidays endpoint takes (ZHolidaysQuery): holidays are announced ahead. */
const HOLIDAY_RANGE = { from: "2000-01-01", to: "2100-12-31" } as const;

/**
 * The public-holiday table of the debt-collection window (DESIGN §6), one year at a time: a day is
 * chosen on the product's calendar (Buddhist-era years in Thai), or the year's official holidays
 * are loaded from the built-in table (review D69). A day is renamed in its row (a built-in one too:
 * later starts keep staff's name, ADR 76) and removed after a confirmation.
 */
export function HolidaysEditor() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const [year, setYear] = useState(() => Number(bangkokDayKey(new Date()).slice(0, 4)));
  const query = useHolidays(year);
  const create = useCreateHoliday();
  const remove = useDeleteHoliday();
  const [deleting, setDeleting] = useState<THoliday | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const afterRemoval = useFocusAfterDelete(
    deleting !== null,
    query.data?.map((h) => h.date),
  );
  const rename = useUpdateHoliday();
  const message = useMessageText();
  const [renaming, setRenaming] = useState<THoliday | null>(null);
  const [renameError, setRenameError] = useState<string | null>(null);
  const saveName = async () => {
    if (!renaming) return;
    const parsed = ZUpdateHolidayRequest.safeParse({ name: renaming.name });
    if (!parsed.success) {
      setRenameError(message(parsed.error.issues[0]?.message) ?? null);
      return;
    }
    try {
      await rename.mutateAsync({ date: renaming.date, name: parsed.data.name });
      toast.success(t("settings.renamed"));
      setRenaming(null);
    } catch (e) {
      setRenameError(errorText(e, t("common.loadError")));
    }
  };
  const {
    control,
    submit: add,
    formError,
  } = useContractForm<TCreateHolidayRequest, TCreateHolidayRequest>({
    contract: ZCreateHolidayRequest,
    defaultValues: { date: "", name: "" },
    // Staff confirm a summary: the server's problems are said above the form, not under fields.
    fields: [],
    formErrorOf: (error) => errorText(error, t("common.loadError")),
    onValid: async (values, { reset }) => {
      const holiday = await create.mutateAsync(values);
      toast.success(t("settings.added"));
      reset({ date: "", name: "" });
      setYear(Number(holiday.date.slice(0, 4)));
    },
  });

  const columns: DataTableColumn<THoliday, "none">[] = [
    {
      title: t("settings.date"),
      key: "date",
      class: "whitespace-nowrap",
      cell: (h) => <time dateTime={h.date}>{holidayDate(h.date, locale)}</time>,
    },
    {
      title: t("settings.name"),
      key: "name",
      class: "min-w-48",
      cell: (h) =>
        renaming?.date === h.date ? (
          <form
            noValidate
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void saveName();
            }}
          >
            <TextInput
              className="min-w-40 flex-1"
              label={t("settings.renameField", { date: holidayDate(h.date, locale) })}
              value={renaming.name}
              onChange={(name) => {
                setRenameError(null);
                setRenaming({ date: h.date, name });
              }}
              maxLength={100}
              autoFocus
              error={renameError ?? undefined}
              data-testid={`rename-holiday-input-${h.date}`}
            />
            <Button
              type="submit"
              size="sm"
              isLoading={rename.isPending}
              data-testid={`save-holiday-${h.date}`}
            >
              {t("common.save")}
            </Button>
            <Button
              size="sm"
              variant="light-gray"
              onClick={() => setRenaming(null)}
              disabled={rename.isPending}
            >
              {t("common.cancel")}
            </Button>
          </form>
        ) : (
          h.name
        ),
    },
    {
      title: "",
      key: "actions",
      class: "text-end whitespace-nowrap",
      cell: (h) => (
        <span className="inline-flex gap-2">
          <Button
            size="sm"
            variant="light-gray"
            onClick={() => {
              setRenameError(null);
              setRenaming(h);
            }}
            aria-label={spokenName(t("settings.rename"), t("settings.renameLabel", { name: h.name }))}
            data-testid={`rename-holiday-${h.date}`}
          >
            {t("settings.rename")}
          </Button>
          <Button
            size="sm"
            variant="light-error"
            onClick={() => {
              setDeleteError(null);
              setDeleting(h);
            }}
            aria-label={spokenName(t("common.delete"), t("settings.deleteLabel", { name: h.name }))}
            data-testid={`delete-holiday-${h.date}`}
          >
            {t("common.delete")}
          </Button>
        </span>
      ),
    },
  ];

  const displayYear = locale === "th" ? year + 543 : year;
  // A year whose lunar dates were computed before the Cabinet announced it (ADR 108).
  const provisional = thaiHolidaysProvisional(year);
  return (
    // A focus target after a removal (the row's Delete button goes with its row), not a landmark.
    <div {...afterRemoval.target} className="space-y-4 outline-none" data-testid="holidays-region">
      <form noValidate onSubmit={add} className="grid items-start gap-3 sm:grid-cols-[12rem_1fr_auto]">
        <Controller
          control={control}
          name="date"
          render={({ field, fieldState }) => (
            <DatePicker
              label={t("settings.date")}
              isRequired
              value={field.value === "" ? null : field.value}
              onChange={(date) => field.onChange(date ?? "")}
              onBlur={field.onBlur}
              minValue={HOLIDAY_RANGE.from}
              maxValue={HOLIDAY_RANGE.to}
              error={fieldState.error?.message}
            />
          )}
        />
        <FormTextInput control={control} name="name" label={t("settings.name")} isRequired maxLength={100} />
        <Button type="submit" isLoading={create.isPending} className="sm:mt-6" data-testid="add-holiday">
          {t("settings.add")}
        </Button>
        <div className="sm:col-span-3">
          <FormAlert>{formError}</FormAlert>
        </div>
      </form>

      <div className="flex items-center gap-2">
        <Button
          size="sm"
          variant="light-gray"
          onClick={() => setYear(year - 1)}
          aria-label={t("settings.previousYear")}
        >
          ‹
        </Button>
        <span className="min-w-20 text-center font-semibold" aria-live="polite">
          {t("settings.year")} {displayYear}
        </span>
        <Button
          size="sm"
          variant="light-gray"
          onClick={() => setYear(year + 1)}
          aria-label={t("settings.nextYear")}
        >
          ›
        </Button>
      </div>

      <OfficialHolidays key={year} year={year} present={query.data} />

      {provisional ? (
        <FormAlert tone="warning" testId="holidays-provisional">
          {provisional[locale]}
        </FormAlert>
      ) : null}

      <DataTable
        caption={t("settings.holidaysCaption", { year: displayYear })}
        hideCaption
        columns={columns}
        rows={query.data}
        rowKey={(h) => h.date}
        isLoading={query.isPending}
        isFetching={query.isFetching}
        error={query.isError ? query.error : null}
        onRetry={() => void query.refetch()}
        emptyText={t("settings.holidaysEmpty")}
        skeletonRows={3}
      />

      <ConfirmDialog
        isOpen={deleting !== null}
        onCancel={() => setDeleting(null)}
        title={t("settings.deleteTitle", { name: deleting?.name ?? "" })}
        body={t("settings.deleteBody", { date: deleting ? holidayDate(deleting.date, locale) : "" })}
        cancelLabel={t("common.cancel")}
        confirmTestId="confirm"
        confirmLabel={t("common.delete")}
        variant="error"
        isPending={remove.isPending}
        error={deleteError}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.date);
            toast.success(t("settings.deleted"));
            afterRemoval.done(deleting.date);
            setDeleting(null);
          } catch (e) {
            setDeleteError(errorText(e, t("common.loadError")));
          }
        }}
      />
    </div>
  );
}
