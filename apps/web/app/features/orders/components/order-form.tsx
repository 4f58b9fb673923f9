import { type BuyerType, ORDER_TEXT_LIMITS, ZCreateOrderRequest } from "@sms/domain/contracts/orders";
import { formatBaht } from "@sms/domain/rules/cart";
import { formatNumber } from "@sms/domain/rules/format";
import { HEAD_OFFICE_BRANCH } from "@sms/domain/rules/tax-id";
import { type FormEvent, useRef, useState } from "react";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import {
  Button,
  FormAlert,
  FormTextarea,
  needsVerifiedPhone,
  TextInput,
  useContractForm,
  useMessageText,
  VerifyPhoneAlert,
} from "~/components/form";
import { SUSPENDED_NOTICE_ID, SuspendedNotice, useSuspension } from "~/features/account";
import { useLocalizedPath } from "~/lib/locale";
import { useCreateOrder } from "../api/create-order";
import { useCart } from "../api/quote-cart";
import { CartTotals } from "./cart-totals";
import { PromptPayQr } from "./promptpay-qr";
import { UploadField } from "./upload-field";
import { WhtPayee } from "./wht-payee";

type FormInput = z.input<typeof ZCreateOrderRequest>;
type FormOutput = z.output<typeof ZCreateOrderRequest>;

const FIELDS = [
  "buyer_name",
  "tax_id",
  "branch",
  "address",
  "proof_file_id",
  "wht_certificate_file_id",
  "package_id",
] as const;
const JURISTIC_ONLY = ["tax_id", "branch", "address", "wht_certificate_file_id"] as const;

/**
 * The cart of one package (spec §2 /carts): who buys (a juristic buyer gives what its tax invoice
 * needs and deducts withholding tax, and may attach its 50 ทวิ certificate), the totals and the
 * PromptPay QR of the exact total from the server, and the proof of payment; submitting records an
 * order that staff then check. Submitting while a file is still uploading waits for it (review D13).
 */
export function OrderForm({ packageId }: { packageId: number }) {
  const { t } = useTranslation("orders");
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  const message = useMessageText();
  const create = useCreateOrder();
  const [phoneUnverified, setPhoneUnverified] = useState(false);
  const {
    control,
    submit: submitValues,
    formError,
    setValue,
    watch,
    clearErrors,
    formState,
  } = useContractForm<FormInput, FormOutput>({
    contract: ZCreateOrderRequest,
    defaultValues: {
      package_id: packageId,
      buyer_type: "individual",
      buyer_name: "",
      tax_id: "",
      branch: HEAD_OFFICE_BRANCH,
      address: "",
      proof_file_id: "",
      wht_certificate_file_id: "",
    },
    fields: FIELDS,
    onValid: async (values) => {
      setPhoneUnverified(false);
      const body =
        values.buyer_type === "juristic"
          ? values
          : {
              ...values,
              tax_id: undefined,
              branch: undefined,
              address: undefined,
              wht_certificate_file_id: undefined,
            };
      try {
        await create.mutateAsync(body);
      } catch (error) {
        if (!needsVerifiedPhone(error)) throw error;
        setPhoneUnverified(true);
        return;
      }
      toast.success(t("toast.submitted"));
      navigate(lp("/orders"));
    },
  });
  const uploads = useRef(new Set<Promise<void>>());
  const [uploading, setUploading] = useState(0);
  const [waitingForUpload, setWaitingForUpload] = useState(false);
  const track = (upload: Promise<void>) => {
    uploads.current.add(upload);
    setUploading(uploads.current.size);
    void upload.finally(() => {
      uploads.current.delete(upload);
      setUploading(uploads.current.size);
    });
  };
  const buyerType = watch("buyer_type") as BuyerType;
  const juristic = buyerType === "juristic";
  const cart = useCart(packageId, buyerType);
  const suspended = useSuspension("credits.buy") !== null;

  const chooseBuyer = (next: BuyerType) => {
    setValue("buyer_type", next);
    // Hidden fields must not block an individual's order with a message nobody can see.
    if (next === "individual") clearErrors([...JURISTIC_ONLY]);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploads.current.size > 0) {
      setWaitingForUpload(true);
      await Promise.allSettled([...uploads.current]);
      setWaitingForUpload(false);
    }
    await submitValues();
  };

  if (cart.isPending) {
    return (
      <p aria-busy="true" className="text-sm text-gray-500">
        {t("cart.loading")}
      </p>
    );
  }
  if (cart.isError || !cart.data) {
    return (
      <FormAlert>
        {cart.error?.message ?? t("cart.loadFailed")}{" "}
        <a href={lp("/subscriptions")} className="underline">
          {t("cart.choosePackage")}
        </a>
      </FormAlert>
    );
  }
  const { package: pkg, totals, promptpay } = cart.data;
  // keepPreviousData: the data shown may still be the other buyer type's quote.
  const updating = cart.isPlaceholderData;
  const previousBuyer: BuyerType = juristic ? "individual" : "juristic";

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="grid gap-6 lg:grid-cols-[1fr_20rem]"
      data-testid="order-form"
    >
      <div className="space-y-5">
        {phoneUnverified ? <VerifyPhoneAlert /> : <FormAlert>{formError}</FormAlert>}
        <section className="rounded-lg border border-gray-200 bg-white p-4" aria-labelledby="cart-package">
          <h2 id="cart-package" className="text-lg font-semibold text-gray-900">
            {pkg.name}
          </h2>
          <p className="text-sm text-gray-600">
            {t("packages.summary", { credits: formatNumber(pkg.credits), count: pkg.months })}
          </p>
        </section>

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-gray-800">{t("buyer.type")}</legend>
          <div className="flex flex-wrap gap-4">
            {(["individual", "juristic"] as const).map((type) => (
              <label key={type} className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="buyer_type"
                  value={type}
                  checked={buyerType === type}
                  onChange={() => chooseBuyer(type)}
                  className="size-4 accent-primary-700"
                  data-testid={`buyer-${type}`}
                />
                {t(`buyer.${type}`)}
              </label>
            ))}
          </div>
        </fieldset>

        <Controller
          control={control}
          name="buyer_name"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={juristic ? t("buyer.companyName") : t("buyer.name")}
              isRequired
              maxLength={ORDER_TEXT_LIMITS.name}
              autoComplete={juristic ? "organization" : "name"}
              error={message(fieldState.error?.message)}
            />
          )}
        />
        {juristic ? (
          <div className="space-y-4" data-testid="juristic-fields">
            <div className="grid gap-4 sm:grid-cols-2">
              <Controller
                control={control}
                name="tax_id"
                render={({ field, fieldState }) => (
                  <TextInput
                    {...field}
                    value={field.value ?? ""}
                    // Text, not tel: the tel filter stops at 12 digits, and people paste "0-1055-…".
                    inputMode="numeric"
                    label={t("buyer.taxId")}
                    description={t("buyer.taxIdHint")}
                    isRequired
                    maxLength={17}
                    error={message(fieldState.error?.message)}
                  />
                )}
              />
              <Controller
                control={control}
                name="branch"
                render={({ field, fieldState }) => (
                  <TextInput
                    {...field}
                    value={field.value ?? ""}
                    inputMode="numeric"
                    label={t("buyer.branch")}
                    description={t("buyer.branchHint")}
                    isRequired
                    maxLength={5}
                    error={message(fieldState.error?.message)}
                  />
                )}
              />
            </div>
            <FormTextarea
              control={control}
              name="address"
              label={t("buyer.address")}
              isRequired
              maxLength={ORDER_TEXT_LIMITS.address}
              autoComplete="street-address"
            />
          </div>
        ) : null}

        {juristic ? (
          <section
            className="space-y-3 rounded-lg border border-secondary-300 bg-secondary-100/40 p-4"
            aria-labelledby="wht-title"
            data-testid="wht-section"
          >
            <h2 id="wht-title" className="text-sm font-semibold text-gray-900">
              {t("wht.title")}
            </h2>
            <p className="text-sm text-gray-700">
              {t("wht.intro", {
                percent: totals.withholding_tax_percent,
                // The individual's quote has no withholding tax: "…" until the company's arrives.
                amount: updating
                  ? "…"
                  : t("cart.baht", { amount: formatBaht(totals.withholding_tax_satang) }),
              })}
            </p>
            <WhtPayee payee={cart.data.wht_payee} />
            <Controller
              control={control}
              name="wht_certificate_file_id"
              render={({ fieldState }) => (
                <UploadField
                  kind="withholding_certificate"
                  label={t("wht.label")}
                  hint={t("wht.hint")}
                  testId="wht"
                  error={message(fieldState.error?.message)}
                  onUploadStart={track}
                  onUploaded={(id) =>
                    setValue("wht_certificate_file_id", id ?? "", { shouldValidate: formState.isSubmitted })
                  }
                />
              )}
            />
          </section>
        ) : null}

        <Controller
          control={control}
          name="proof_file_id"
          render={({ fieldState }) => (
            <UploadField
              kind="payment_proof"
              label={t("proof.label")}
              hint={t("proof.hint")}
              required
              testId="proof"
              error={message(fieldState.error?.message)}
              onUploadStart={track}
              onUploaded={(id) =>
                setValue("proof_file_id", id ?? "", { shouldValidate: formState.isSubmitted })
              }
            />
          )}
        />
        <SuspendedNotice action="credits.buy" />
        <Button
          type="submit"
          isLoading={create.isPending || waitingForUpload}
          size="lg"
          disabled={suspended}
          aria-describedby={suspended ? SUSPENDED_NOTICE_ID : undefined}
          data-testid="order-submit"
        >
          {waitingForUpload || uploading > 0 ? t("cart.submitAfterUpload") : t("cart.submit")}
        </Button>
      </div>

      {/* On a phone the amount and the QR come first: people pay before they attach the slip. */}
      {/* While the other buyer type's quote loads, the previous totals are the wrong amount to pay:
          they are dimmed and the QR and its copy buttons wait for the server's new total. */}
      <aside
        className="order-first space-y-4 lg:order-none"
        aria-label={t("cart.summary")}
        aria-busy={updating}
        data-testid="cart-summary"
      >
        {updating ? (
          <p role="status" className="text-sm text-gray-600" data-testid="cart-updating">
            {t("cart.updating")}
          </p>
        ) : null}
        <div className={updating ? "opacity-50" : undefined}>
          <CartTotals totals={totals} buyerType={updating ? previousBuyer : buyerType} />
        </div>
        {promptpay && !updating ? (
          <PromptPayQr promptpay={promptpay} totalSatang={totals.total_satang} />
        ) : null}
        {juristic ? <p className="text-xs text-gray-600">{t("cart.whtNote")}</p> : null}
      </aside>
    </form>
  );
}
