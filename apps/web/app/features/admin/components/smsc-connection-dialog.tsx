import {
  SMPP_LIMITS,
  SMSC_CONNECTION_FIELDS,
  SMSC_ID_FORMATS,
  type SmscConnectionKind,
  type TSmscConnection,
} from "@sms/domain/contracts/smsc-connections";
import { useId } from "react";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ModalFrame } from "~/components/dialog";
import { Button, Checkbox, FormAlert, FormTextInput, useContractForm } from "~/components/form";
import { controlClass, FieldLabel } from "~/components/form/field";
import { useCreateSmscConnection, useUpdateSmscConnection } from "../api/smsc-connections";

interface Values {
  name: string;
  kind: SmscConnectionKind;
  enabled: boolean;
  priority: string;
  host: string;
  port: string;
  system_id: string;
  password: string;
  system_type: string;
  binds: string;
  window: string;
  tps: string;
  submit_id_format: string;
  receipt_id_format: string;
}

const toValues = (c: TSmscConnection | null): Values => ({
  name: c?.name ?? "",
  kind: c?.kind ?? "smpp",
  enabled: c?.enabled ?? true,
  priority: String(c?.priority ?? 100),
  host: c?.host ?? "",
  port: String(c?.port ?? 2775),
  system_id: c?.system_id ?? "",
  password: "",
  system_type: c?.system_type ?? "",
  binds: String(c?.binds ?? 1),
  window: String(c?.window ?? 10),
  tps: String(c?.tps ?? 50),
  submit_id_format: c?.submit_id_format ?? "text",
  receipt_id_format: c?.receipt_id_format ?? "text",
});

/** What the form sends: numbers as typed (the server validates and answers per field), SMPP fields for SMPP only. */
function toBody(v: Values, editing: TSmscConnection | null) {
  const common = { enabled: v.enabled, priority: v.priority };
  if (editing?.from_env) return common;
  const smpp =
    v.kind === "smpp"
      ? {
          host: v.host.trim() === "" ? null : v.host,
          port: v.port,
          system_id: v.system_id.trim() === "" ? null : v.system_id,
          ...(v.password !== "" || !editing ? { password: v.password } : {}),
          system_type: v.system_type,
          binds: v.binds,
          window: v.window,
          submit_id_format: v.submit_id_format,
          receipt_id_format: v.receipt_id_format,
        }
      : {};
  return { name: v.name, ...common, tps: v.tps, ...smpp, ...(editing ? {} : { kind: v.kind }) };
}

/**
 * Adds an SMSC connection (`connection` null) or changes one (issue 26 point 1). The password is
 * write-only: empty keeps the stored one. The environment's connection only takes enabled and order.
 */
export function SmscConnectionDialog({
  isOpen,
  onClose,
  connection,
  canStorePasswords,
}: {
  isOpen: boolean;
  onClose: () => void;
  connection: TSmscConnection | null;
  canStorePasswords: boolean;
}) {
  const { t } = useTranslation("admin");
  const create = useCreateSmscConnection();
  const update = useUpdateSmscConnection();
  const { control, submit, formError, watch } = useContractForm<Values, Values>({
    defaultValues: toValues(connection),
    fields: SMSC_CONNECTION_FIELDS,
    // Filled when the dialog opens, for the connection it opens: not again when the list refreshes
    // (every few seconds, for the connections' load), which would wipe what was typed.
    refill: { openedFor: isOpen ? (connection?.id ?? "new") : null, values: () => toValues(connection) },
    onValid: async (values) => {
      const body = toBody(values, connection);
      if (connection) {
        await update.mutateAsync({ id: connection.id, body: body as never });
        toast.success(t("smsc.saved"));
      } else {
        await create.mutateAsync(body as never);
        toast.success(t("smsc.created"));
      }
      onClose();
    },
  });
  const ids = { kind: useId(), submit: useId(), receipt: useId() };

  const fromEnv = connection?.from_env ?? false;
  const kind = watch("kind");
  const isPending = create.isPending || update.isPending;

  const text = (
    name: Exclude<keyof Values, "enabled" | "kind">,
    label: string,
    extra: Record<string, unknown> = {},
  ) => <FormTextInput control={control} name={name} label={label} data-testid={`smsc-${name}`} {...extra} />;
  const select = (
    name: "kind" | "submit_id_format" | "receipt_id_format",
    id: string,
    label: string,
    options: readonly { value: string; label: string }[],
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div>
          <FieldLabel htmlFor={id} id={`${id}-label`}>
            {label}
          </FieldLabel>
          <select
            id={id}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            className={`${controlClass} py-[calc(--spacing(2)-1px)]`}
            data-testid={`smsc-${name}`}
          >
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      )}
    />
  );
  const formats = SMSC_ID_FORMATS.map((f) => ({ value: f, label: t(`smsc.format.${f}`) }));

  return (
    <ModalFrame
      isOpen={isOpen}
      onClose={() => (isPending ? undefined : onClose())}
      title={connection ? t("smsc.editTitle", { name: connection.name }) : t("smsc.addTitle")}
    >
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <FormAlert>{formError}</FormAlert>
        {fromEnv ? <p className="text-sm text-gray-600">{t("smsc.envNote")}</p> : null}
        {fromEnv ? null : text("name", t("smsc.name"), { isRequired: true, autoFocus: true, maxLength: 60 })}
        {connection || fromEnv
          ? null
          : select("kind", ids.kind, t("smsc.kind"), [
              { value: "smpp", label: t("smsc.kinds.smpp") },
              { value: "simulator", label: t("smsc.kinds.simulator") },
            ])}
        <div className="grid gap-4 sm:grid-cols-2">
          {text("priority", t("smsc.priority"), {
            inputMode: "numeric",
            description: t("smsc.priorityHint"),
          })}
          {fromEnv ? null : text("tps", t("smsc.tps"), { inputMode: "decimal" })}
        </div>
        {kind === "smpp" && !fromEnv ? (
          <fieldset className="space-y-4">
            <legend className="text-sm font-medium text-gray-900">{t("smsc.smppSettings")}</legend>
            <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
              {text("host", t("smsc.host"), { isRequired: true, maxLength: 253 })}
              {text("port", t("smsc.port"), { isRequired: true, inputMode: "numeric" })}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              {text("system_id", t("smsc.systemId"), { isRequired: true, maxLength: SMPP_LIMITS.systemId })}
              {text("password", t("smsc.password"), {
                type: "password",
                isRequired: !connection,
                maxLength: SMPP_LIMITS.password,
                autoComplete: "new-password",
                description: connection?.password === "stored" ? t("smsc.passwordKeep") : undefined,
              })}
            </div>
            {canStorePasswords ? null : <p className="text-sm text-red-700">{t("smsc.noSecretKey")}</p>}
            <div className="grid gap-4 sm:grid-cols-3">
              {text("system_type", t("smsc.systemType"), { maxLength: SMPP_LIMITS.systemType })}
              {text("binds", t("smsc.binds"), { inputMode: "numeric" })}
              {text("window", t("smsc.window"), { inputMode: "numeric" })}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              {select("submit_id_format", ids.submit, t("smsc.submitIdFormat"), formats)}
              {select("receipt_id_format", ids.receipt, t("smsc.receiptIdFormat"), formats)}
            </div>
          </fieldset>
        ) : null}
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => (
            <Checkbox checked={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name}>
              {t("smsc.enabledLabel")}
            </Checkbox>
          )}
        />
        <div className="flex justify-end gap-2">
          <Button variant="light-gray" onClick={onClose} disabled={isPending}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" isLoading={isPending} data-testid="smsc-save">
            {t("common.save")}
          </Button>
        </div>
      </form>
    </ModalFrame>
  );
}
