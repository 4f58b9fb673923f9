import { MAX_PACKAGE_PRICE_SATANG, type TAdminPackage } from "@sms/domain/contracts/admin";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { z } from "zod";
import { ModalFrame } from "~/components/dialog";
import { Button, Checkbox, FormAlert, FormTextInput, TextInput, useContractForm } from "~/components/form";
import { useCreatePackage } from "../api/create-package";
import { useUpdatePackage } from "../api/update-package";
import { errorText } from "../lib/error-text";

const int = (key: string, min: number, max: number) =>
  z.number({ error: key }).int(key).min(min, key).max(max, key);

/** The price is typed in baht ("1,500.50") and sent in satang. */
const ZPriceBaht = z
  .string()
  .transform((v) => v.replace(/,/g, "").trim())
  .refine((v) => /^\d{1,8}(\.\d{1,2})?$/.test(v), "validation.package_price_invalid")
  .transform((v) => Math.round(Number(v) * 100))
  .refine((v) => v <= MAX_PACKAGE_PRICE_SATANG, "validation.package_price_invalid");

const ZForm = z.object({
  name: z
    .string()
    .trim()
    .min(1, "validation.package_name_required")
    .max(100, "validation.package_name_required"),
  months: int("validation.package_months_invalid", 1, 120),
  credits: int("validation.package_credits_invalid", 1, 1_000_000_000),
  price: ZPriceBaht,
  active: z.boolean(),
  sort_order: int("validation.sort_order_invalid", 0, 9999),
});
type Values = {
  name: string;
  months: number | null;
  credits: number | null;
  price: string;
  active: boolean;
  sort_order: number | null;
};
type Parsed = z.output<typeof ZForm>;

const toValues = (p: TAdminPackage | null): Values => ({
  name: p?.name ?? "",
  months: p?.months ?? null,
  credits: p?.credits ?? null,
  price: p ? (p.price_satang / 100).toFixed(2) : "",
  active: p?.active ?? true,
  sort_order: p?.sort_order ?? null,
});

/** Adds a package (`pkg` null) or edits one; the free-trial flag is not editable here. */
export function PackageDialog({
  isOpen,
  onClose,
  pkg,
}: {
  isOpen: boolean;
  onClose: () => void;
  pkg: TAdminPackage | null;
}) {
  const { t } = useTranslation("admin");
  const create = useCreatePackage();
  const update = useUpdatePackage();
  const { control, submit, formError } = useContractForm<Values, Parsed>({
    contract: ZForm,
    defaultValues: toValues(pkg),
    fields: [],
    refill: { openedFor: isOpen ? (pkg ?? "new") : null, values: () => toValues(pkg) },
    formErrorOf: (error) => errorText(error, t("common.loadError")),
    onValid: async ({ price, ...rest }) => {
      const body = { ...rest, price_satang: price };
      if (pkg) {
        await update.mutateAsync({ id: pkg.id, body });
        toast.success(t("packages.saved"));
      } else {
        await create.mutateAsync(body);
        toast.success(t("packages.created"));
      }
      onClose();
    },
  });
  const isPending = create.isPending || update.isPending;

  const numberField = (name: "months" | "credits" | "sort_order", label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          type="num"
          label={label}
          isRequired
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          data-testid={`package-${name}`}
        />
      )}
    />
  );

  return (
    <ModalFrame
      isOpen={isOpen}
      onClose={() => (isPending ? undefined : onClose())}
      title={pkg ? t("packages.editTitle", { name: pkg.name }) : t("packages.addTitle")}
    >
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <FormAlert>{formError}</FormAlert>
        <FormTextInput
          control={control}
          name="name"
          label={t("packages.name")}
          isRequired
          autoFocus
          maxLength={100}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {numberField("months", t("packages.months"))}
          {numberField("credits", t("packages.credits"))}
        </div>
        <FormTextInput
          control={control}
          name="price"
          label={t("packages.price")}
          isRequired
          inputMode="decimal"
          data-testid="package-price"
        />
        {numberField("sort_order", t("packages.sortOrder"))}
        <Controller
          control={control}
          name="active"
          render={({ field }) => (
            <Checkbox checked={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name}>
              {t("packages.activeLabel")}
            </Checkbox>
          )}
        />
        <div className="flex justify-end gap-2">
          <Button variant="light-gray" onClick={onClose} disabled={isPending}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" isLoading={isPending} data-testid="package-save">
            {t("common.save")}
          </Button>
        </div>
      </form>
    </ModalFrame>
  );
}
