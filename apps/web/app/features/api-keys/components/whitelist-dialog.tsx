import {
  type TCreateWhitelistIpRequest,
  type TWhitelistIp,
  WHITELIST_NAME_MAX_LENGTH,
  ZCreateWhitelistIpRequest,
} from "@sms/domain/contracts/api-keys";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ModalFrame } from "~/components/dialog";
import { Button, FormAlert, TextInput, useContractForm, useMessageText } from "~/components/form";
import { useCreateWhitelistIp, useUpdateWhitelistIp } from "../api/whitelist-ips";

const FIELDS = ["name", "ip_address"] as const;

/**
 * Adds a whitelist entry, or edits one (`entry`): a name and an IPv4/IPv6 address or CIDR range,
 * checked by the same rule as the API (rules/ip-address.ts), so a bad address is explained before
 * it is sent; the server's answers (a duplicate) land on their field.
 */
export function WhitelistDialog({
  entry,
  preset,
  onClose,
}: {
  entry: TWhitelistIp | null;
  /** A new entry's first values (the caller's own address). */
  preset?: { name: string; ip_address: string };
  onClose: () => void;
}) {
  const { t } = useTranslation("api-keys");
  const message = useMessageText();
  const create = useCreateWhitelistIp();
  const update = useUpdateWhitelistIp();
  const pending = create.isPending || update.isPending;
  const { control, submit, formError } = useContractForm<
    TCreateWhitelistIpRequest,
    TCreateWhitelistIpRequest
  >({
    contract: ZCreateWhitelistIpRequest,
    defaultValues: {
      name: entry?.name ?? preset?.name ?? "",
      ip_address: entry?.ip_address ?? preset?.ip_address ?? "",
    },
    fields: FIELDS,
    onValid: async (body) => {
      if (entry) {
        await update.mutateAsync({ id: entry.id, body });
        toast.success(t("toast.whitelistUpdated"));
      } else {
        await create.mutateAsync(body);
        toast.success(t("toast.whitelistCreated"));
      }
      onClose();
    },
  });
  return (
    <ModalFrame
      title={entry ? t("whitelist.editTitle") : t("whitelist.addTitle")}
      onClose={onClose}
      isDismissable={!pending}
      isKeyboardDismissDisabled={pending}
      testId="whitelist-dialog"
    >
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <FormAlert>{formError}</FormAlert>
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={t("whitelist.name")}
              isRequired
              autoFocus
              maxLength={WHITELIST_NAME_MAX_LENGTH}
              autoComplete="off"
              error={message(fieldState.error?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="ip_address"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={t("whitelist.address")}
              description={t("whitelist.addressHint")}
              isRequired
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              error={message(fieldState.error?.message)}
            />
          )}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" isLoading={pending} data-testid="whitelist-save">
            {entry ? t("whitelist.save") : t("whitelist.add")}
          </Button>
          <Button variant="light-gray" onClick={onClose} disabled={pending}>
            {t("confirm.cancel")}
          </Button>
        </div>
      </form>
    </ModalFrame>
  );
}
