import {
  SUPPRESSION_BATCH_MAX,
  SUPPRESSION_NUMBERS_MAX_CHARS,
  type TAddSuppressionsRequest,
  type TAddSuppressionsResult,
  ZAddSuppressionsRequest,
} from "@sms/domain/contracts/suppressions";
import { formatNumber } from "@sms/domain/rules/format";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ModalFrame } from "~/components/dialog";
import { Button, FormAlert, FormTextarea, useContractForm } from "~/components/form";
import { useAddSuppressions } from "../api/add-suppressions";

const FIELDS = ["numbers"] as const;

/**
 * Adds numbers to the list: one textarea, numbers separated by comma, semicolon or new line (as a
 * campaign's typed numbers), checked with the API's rules. Entries that are not numbers are shown
 * after the save and left in the field to correct; the valid ones are added.
 */
export function AddSuppressionsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("suppressions");
  const add = useAddSuppressions();
  const [invalid, setInvalid] = useState<TAddSuppressionsResult["invalid"]>([]);
  const { control, submit, formError, setValue } = useContractForm<
    TAddSuppressionsRequest,
    TAddSuppressionsRequest
  >({
    contract: ZAddSuppressionsRequest,
    defaultValues: { numbers: "" },
    fields: FIELDS,
    onValid: async ({ numbers }) => {
      const result = await add.mutateAsync(numbers);
      toast.success(
        t("add.doneToast", {
          added: formatNumber(result.added),
          already: formatNumber(result.already_suppressed),
        }),
      );
      if (result.invalid.length === 0) {
        onClose();
        return;
      }
      setInvalid(result.invalid);
      setValue("numbers", result.invalid.map((entry) => entry.number).join("\n"));
    },
  });
  return (
    <ModalFrame
      title={t("add.title")}
      onClose={onClose}
      isKeyboardDismissDisabled={add.isPending}
      testId="add-dialog"
    >
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <FormAlert>{formError}</FormAlert>
        {invalid.length > 0 ? (
          <div
            role="alert"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          >
            <p className="font-medium">{t("add.invalidTitle", { total: formatNumber(invalid.length) })}</p>
            <ul className="mt-1 list-inside list-disc break-all" data-testid="invalid-numbers">
              {invalid.slice(0, 20).map((entry) => (
                <li key={entry.number}>
                  {entry.number}: {entry.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <FormTextarea
          control={control}
          name="numbers"
          label={t("add.numbers")}
          description={t("add.hint", { max: formatNumber(SUPPRESSION_BATCH_MAX) })}
          isRequired
          autoFocus
          rows={6}
          maxLength={SUPPRESSION_NUMBERS_MAX_CHARS}
          autoComplete="off"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" isLoading={add.isPending}>
            {t("add.submit")}
          </Button>
          <Button variant="light-gray" onClick={onClose}>
            {t("actions.cancel")}
          </Button>
        </div>
      </form>
    </ModalFrame>
  );
}
