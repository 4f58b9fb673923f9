import type { TAdminOrganizationDetail } from "@sms/domain/contracts/admin";
import { MAX_SUSPENSION_DAYS } from "@sms/domain/permissions";
import { formatDateTime } from "@sms/domain/rules/format";
import { useId, useState } from "react";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { z } from "zod";
import { ModalFrame } from "~/components/dialog";
import { Button, FormAlert, FormTextarea, useContractForm } from "~/components/form";
import { controlClass, FieldLabel } from "~/components/form/field";
import { useLocale } from "~/lib/locale";
import { useSuspendOrganization } from "../api/suspend-organization";
import { errorText } from "../lib/error-text";

const ZForm = z.object({
  days: z.coerce
    .number()
    .int("validation.suspension_days_invalid")
    .min(1, "validation.suspension_days_invalid")
    .max(MAX_SUSPENSION_DAYS, "validation.suspension_days_invalid"),
  reason: z.string().trim().min(1, "validation.reason_required").max(500, "validation.reason_too_long"),
});
type Values = { days: string; reason: string };
type Parsed = z.output<typeof ZForm>;

const DAY_OPTIONS = Array.from({ length: MAX_SUSPENSION_DAYS }, (_, i) => i + 1);
const DAY_MS = 24 * 60 * 60 * 1000;

/** Staff suspend an organization for suspected misuse (spec §9 terms: up to 15 days), after a review step. */
export function SuspendDialog({ organization }: { organization: TAdminOrganizationDetail }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const daysId = useId();
  const [isOpen, setOpen] = useState(false);
  const [review, setReview] = useState<Parsed | null>(null);
  const suspend = useSuspendOrganization(organization.id);
  // The form's submit only shows the review; the confirm step sends the request.
  const {
    control,
    submit: toReview,
    formError,
    setFormError,
    showError,
    reset,
  } = useContractForm<Values, Parsed>({
    contract: ZForm,
    defaultValues: { days: "7", reason: "" },
    fields: [],
    formErrorOf: (error) => errorText(error, t("common.loadError")),
    onValid: async (values) => setReview(values),
  });

  const open = () => {
    reset();
    setReview(null);
    setFormError(null);
    setOpen(true);
  };
  const close = () => {
    if (!suspend.isPending) setOpen(false);
  };
  const submit = async () => {
    if (!review) return;
    setFormError(null);
    try {
      await suspend.mutateAsync(review);
      toast.success(t("suspend.done"));
      setOpen(false);
    } catch (error) {
      showError(error);
    }
  };

  const name = organization.name;
  return (
    <>
      <Button variant="light-error" onClick={open} data-testid="suspend">
        {t("suspend.open")}
      </Button>
      <ModalFrame
        isOpen={isOpen}
        onClose={close}
        title={review ? t("suspend.confirmTitle") : t("suspend.title", { name })}
        role={review ? "alertdialog" : "dialog"}
      >
        {review ? (
          <div className="mt-3 space-y-3 text-sm text-gray-700">
            <p className="font-medium text-gray-900">
              {t("suspend.confirmBody", {
                name,
                days: review.days,
                until: formatDateTime(new Date(Date.now() + review.days * DAY_MS), locale),
              })}
            </p>
            <p className="whitespace-pre-wrap break-words rounded-md bg-gray-50 p-2">{review.reason}</p>
            <FormAlert>{formError}</FormAlert>
            <div className="flex justify-end gap-2">
              <Button variant="light-gray" onClick={() => setReview(null)} disabled={suspend.isPending}>
                {t("common.back")}
              </Button>
              <Button
                variant="error"
                onClick={() => void submit()}
                isLoading={suspend.isPending}
                data-testid="confirm"
              >
                {t("suspend.submit")}
              </Button>
            </div>
          </div>
        ) : (
          <form noValidate className="mt-3 space-y-4" onSubmit={toReview}>
            <p className="text-sm text-gray-600">{t("suspend.intro", { max: MAX_SUSPENSION_DAYS })}</p>
            <Controller
              control={control}
              name="days"
              render={({ field }) => (
                <div>
                  <FieldLabel htmlFor={daysId} id={`${daysId}-label`} isRequired>
                    {t("suspend.days")}
                  </FieldLabel>
                  <select
                    id={daysId}
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value)}
                    className={`${controlClass} py-[calc(--spacing(2)-1px)]`}
                    data-testid="suspend-days"
                  >
                    {DAY_OPTIONS.map((days) => (
                      <option key={days} value={String(days)}>
                        {t("suspend.daysOption", { count: days })}
                      </option>
                    ))}
                  </select>
                </div>
              )}
            />
            <FormTextarea
              control={control}
              name="reason"
              label={t("suspend.reason")}
              isRequired
              autoFocus
              maxLength={500}
              data-testid="suspend-reason"
            />
            <div className="flex justify-end gap-2">
              <Button variant="light-gray" onClick={close}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" variant="error">
                {t("suspend.next")}
              </Button>
            </div>
          </form>
        )}
      </ModalFrame>
    </>
  );
}
