import { MAX_CREDIT_ADJUSTMENT, type TAdminOrganizationDetail } from "@sms/domain/contracts/admin";
import { formatNumber } from "@sms/domain/rules/format";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { z } from "zod";
import { ModalFrame } from "~/components/dialog";
import { Button, FormAlert, FormTextarea, TextInput, useContractForm } from "~/components/form";
import { useAdjustCredits } from "../api/adjust-credits";
import { errorText } from "../lib/error-text";

const ZForm = z.object({
  direction: z.enum(["add", "take"]),
  amount: z
    .number({ error: "validation.adjust_credits_invalid" })
    .int("validation.adjust_credits_invalid")
    .min(1, "validation.adjust_credits_invalid")
    .max(MAX_CREDIT_ADJUSTMENT, "validation.adjust_credits_invalid"),
  reason: z.string().trim().min(1, "validation.reason_required").max(500, "validation.reason_too_long"),
});
type Values = { direction: "add" | "take"; amount: number | null; reason: string };
type Parsed = z.output<typeof ZForm>;

/**
 * Staff add or take credits with a reason (issue 10), after a review step that shows the balance
 * before and after. One request key per opening of the dialog, so a double click adjusts once.
 */
export function AdjustCreditsDialog({ organization }: { organization: TAdminOrganizationDetail }) {
  const { t } = useTranslation("admin");
  const [isOpen, setOpen] = useState(false);
  const [review, setReview] = useState<Parsed | null>(null);
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const adjust = useAdjustCredits(organization.id);
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
    defaultValues: { direction: "add", amount: null, reason: "" },
    fields: [],
    formErrorOf: (error) => errorText(error, t("common.loadError")),
    onValid: async (values) => setReview(values),
  });

  const open = () => {
    setRequestKey(crypto.randomUUID());
    reset();
    setReview(null);
    setFormError(null);
    setOpen(true);
  };
  const close = () => {
    if (adjust.isPending) return;
    setOpen(false);
  };

  const signed = review ? (review.direction === "add" ? review.amount : -review.amount) : 0;
  const submit = async () => {
    if (!review) return;
    setFormError(null);
    try {
      const result = await adjust.mutateAsync({
        credits: signed,
        reason: review.reason,
        idempotency_key: requestKey,
      });
      toast.success(t("adjust.done", { balance: formatNumber(result.balance) }));
      setOpen(false);
    } catch (error) {
      showError(error);
    }
  };

  const name = organization.name;
  return (
    <>
      <Button variant="light-primary" onClick={open} data-testid="adjust-credits">
        {t("adjust.open")}
      </Button>
      <ModalFrame
        isOpen={isOpen}
        onClose={close}
        title={review ? t("adjust.confirmTitle") : t("adjust.title", { name })}
        role={review ? "alertdialog" : "dialog"}
      >
        {review ? (
          <div className="mt-3 space-y-3 text-sm text-gray-700">
            <p className="font-medium text-gray-900">
              {review.direction === "add"
                ? t("adjust.confirmAdd", { credits: formatNumber(review.amount), name })
                : t("adjust.confirmTake", { credits: formatNumber(review.amount), name })}
            </p>
            <p>
              {t("adjust.confirmBalance", {
                from: formatNumber(organization.credits),
                to: formatNumber(organization.credits + signed),
              })}
            </p>
            <p className="whitespace-pre-wrap break-words rounded-md bg-gray-50 p-2">{review.reason}</p>
            <FormAlert>{formError}</FormAlert>
            <div className="flex justify-end gap-2">
              <Button variant="light-gray" onClick={() => setReview(null)} disabled={adjust.isPending}>
                {t("common.back")}
              </Button>
              <Button
                variant={review.direction === "add" ? "primary" : "error"}
                onClick={() => void submit()}
                isLoading={adjust.isPending}
                data-testid="confirm"
              >
                {t("adjust.submit")}
              </Button>
            </div>
          </div>
        ) : (
          <form noValidate className="mt-3 space-y-4" onSubmit={toReview}>
            <p className="text-sm text-gray-600">{t("adjust.intro")}</p>
            <Controller
              control={control}
              name="direction"
              render={({ field }) => (
                <fieldset>
                  <legend className="mb-1 block text-sm font-medium text-gray-800">
                    {t("adjust.direction")}
                  </legend>
                  <div className="flex gap-4">
                    {(["add", "take"] as const).map((direction) => (
                      <label key={direction} className="flex min-h-10 items-center gap-2 text-sm">
                        <input
                          type="radio"
                          name={field.name}
                          value={direction}
                          checked={field.value === direction}
                          onChange={() => field.onChange(direction)}
                          className="size-4 accent-primary-700"
                        />
                        {t(`adjust.${direction}`)}
                      </label>
                    ))}
                  </div>
                </fieldset>
              )}
            />
            <Controller
              control={control}
              name="amount"
              render={({ field, fieldState }) => (
                <TextInput
                  type="num"
                  label={t("adjust.amount")}
                  isRequired
                  autoFocus
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  data-testid="adjust-amount"
                />
              )}
            />
            <FormTextarea
              control={control}
              name="reason"
              label={t("adjust.reason")}
              isRequired
              maxLength={500}
              data-testid="adjust-reason"
            />
            <FormAlert>{formError}</FormAlert>
            <div className="flex justify-end gap-2">
              <Button variant="light-gray" onClick={close}>
                {t("common.cancel")}
              </Button>
              <Button type="submit">{t("adjust.next")}</Button>
            </div>
          </form>
        )}
      </ModalFrame>
    </>
  );
}
