import type { TSmscConnection } from "@sms/domain/contracts/smsc-connections";
import { SMSC_ROUTE_LIMITS, type TSmscRoute } from "@sms/domain/contracts/smsc-routes";
import { ROUTE_PURPOSES, type RoutePurpose } from "@sms/domain/rules/routing";
import { useId } from "react";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ModalFrame } from "~/components/dialog";
import {
  Button,
  Checkbox,
  FormAlert,
  FormTextarea,
  FormTextInput,
  SelectField,
  useContractForm,
} from "~/components/form";
import { useCreateSmscRoute, useOperatorRanges, useUpdateSmscRoute } from "../api/smsc-routes";

interface Values {
  name: string;
  position: string;
  enabled: boolean;
  purposes: RoutePurpose[];
  organization_id: string;
  sender: string;
  prefixes: string;
  operator: string;
  connection_id: string;
  failover: number[];
}
const FIELDS = [
  "name",
  "position",
  "enabled",
  "purposes",
  "organization_id",
  "sender",
  "prefixes",
  "operator",
  "connection_id",
  "failover",
] as const;

const toValues = (
  r: TSmscRoute | null,
  nextPosition: number,
  firstConnection: number | undefined,
): Values => ({
  name: r?.name ?? "",
  position: String(r?.position ?? nextPosition),
  enabled: r?.enabled ?? true,
  purposes: r?.purposes ?? [],
  organization_id:
    r?.organization_id === null || r?.organization_id === undefined ? "" : String(r.organization_id),
  sender: r?.sender ?? "",
  prefixes: (r?.prefixes ?? []).join(", "),
  operator: r?.operator ?? "",
  connection_id: String(r?.connection_id ?? firstConnection ?? ""),
  failover: r?.failover ?? [],
});

/** Prefixes as typed: separated by commas, spaces or lines; a leading 0 is read as 66 (0812 → 66812). */
export function parsePrefixes(text: string): string[] | null {
  const prefixes = text
    .split(/[\s,;]+/)
    .map((p) => p.trim())
    .filter((p) => p !== "")
    .map((p) => (/^0\d*$/.test(p) ? `66${p.slice(1)}` : p));
  return prefixes.length > 0 ? prefixes : null;
}

/** What the form sends: an empty condition is "any" (null); the server validates and answers per field. */
function toBody(v: Values, connectionId: number) {
  return {
    name: v.name,
    position: v.position,
    enabled: v.enabled,
    purposes: v.purposes.length > 0 ? v.purposes : null,
    organization_id: v.organization_id.trim() === "" ? null : Number(v.organization_id),
    sender: v.sender.trim() === "" ? null : v.sender,
    prefixes: parsePrefixes(v.prefixes),
    operator: v.operator === "" ? null : v.operator,
    connection_id: connectionId,
    failover: v.failover.filter((id) => id !== connectionId),
  };
}

/** Adds a route (`route` null) or changes one (issue 26 point 2). */
export function SmscRouteDialog({
  isOpen,
  onClose,
  route,
  connections,
  nextPosition,
}: {
  isOpen: boolean;
  onClose: () => void;
  route: TSmscRoute | null;
  connections: readonly TSmscConnection[];
  nextPosition: number;
}) {
  const { t } = useTranslation("admin");
  const create = useCreateSmscRoute();
  const update = useUpdateSmscRoute();
  const ranges = useOperatorRanges();
  const operators = [...new Set((ranges.data ?? []).map((r) => r.operator))].sort();
  const { control, submit, formError, watch } = useContractForm<Values, Values>({
    defaultValues: toValues(route, nextPosition, connections[0]?.id),
    fields: FIELDS,
    // Filled when the dialog opens, for the route it opens: not again when the lists refresh (the
    // connections every few seconds, for their load), which would wipe what was typed.
    refill: {
      openedFor: isOpen ? (route?.id ?? "new") : null,
      values: () => toValues(route, nextPosition, connections[0]?.id),
    },
    onValid: async (values) => {
      const body = toBody(values, Number(values.connection_id));
      if (route) {
        await update.mutateAsync({ id: route.id, body: body as never });
        toast.success(t("routes.saved"));
      } else {
        await create.mutateAsync(body as never);
        toast.success(t("routes.created"));
      }
      onClose();
    },
  });
  const failoverHint = useId();
  const isPending = create.isPending || update.isPending;
  const connectionId = Number(watch("connection_id"));

  const select = (
    name: "connection_id" | "operator",
    label: string,
    options: readonly { value: string; label: string }[],
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <SelectField
          label={label}
          value={field.value}
          onChange={field.onChange}
          options={options}
          error={fieldState.error?.message}
          data-testid={`route-${name}`}
        />
      )}
    />
  );

  return (
    <ModalFrame
      isOpen={isOpen}
      onClose={() => (isPending ? undefined : onClose())}
      title={route ? t("routes.editTitle", { name: route.name }) : t("routes.addTitle")}
    >
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <FormAlert>{formError}</FormAlert>
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <FormTextInput
            control={control}
            name="name"
            label={t("routes.name")}
            isRequired
            autoFocus
            maxLength={SMSC_ROUTE_LIMITS.name}
            data-testid="route-name"
          />
          <FormTextInput
            control={control}
            name="position"
            label={t("routes.position")}
            inputMode="numeric"
            description={t("routes.positionHint")}
            data-testid="route-position"
          />
        </div>
        {select(
          "connection_id",
          t("routes.connection"),
          connections.map((c) => ({ value: String(c.id), label: c.name })),
        )}
        {connections.length > 1 ? (
          <Controller
            control={control}
            name="failover"
            render={({ field }) => (
              <fieldset aria-describedby={`${failoverHint}-hint`}>
                <legend className="text-sm font-medium text-gray-900">{t("routes.failover")}</legend>
                <p id={`${failoverHint}-hint`} className="text-sm text-gray-600">
                  {t("routes.failoverHint")}
                </p>
                <div className="mt-1 flex flex-wrap gap-x-4">
                  {connections
                    .filter((c) => c.id !== connectionId)
                    .map((c) => (
                      <Checkbox
                        key={c.id}
                        checked={field.value.includes(c.id)}
                        onChange={(checked) =>
                          field.onChange(
                            checked ? [...field.value, c.id] : field.value.filter((id) => id !== c.id),
                          )
                        }
                        name={`failover-${c.id}`}
                      >
                        {c.name}
                      </Checkbox>
                    ))}
                </div>
              </fieldset>
            )}
          />
        ) : null}
        <fieldset className="space-y-3 rounded-lg border border-gray-200 p-3">
          <legend className="px-1 text-sm font-medium text-gray-900">{t("routes.conditions")}</legend>
          <p className="text-sm text-gray-600">{t("routes.conditionsHint")}</p>
          <Controller
            control={control}
            name="purposes"
            render={({ field }) => (
              <fieldset>
                <legend className="text-sm font-medium text-gray-900">{t("routes.purpose")}</legend>
                <div className="mt-1 flex flex-wrap gap-x-4">
                  {ROUTE_PURPOSES.map((purpose) => (
                    <Checkbox
                      key={purpose}
                      checked={field.value.includes(purpose)}
                      onChange={(checked) =>
                        field.onChange(
                          checked ? [...field.value, purpose] : field.value.filter((p) => p !== purpose),
                        )
                      }
                      name={`purpose-${purpose}`}
                    >
                      {t(`routes.purposes.${purpose}`)}
                    </Checkbox>
                  ))}
                </div>
              </fieldset>
            )}
          />
          {select("operator", t("routes.operator"), [
            { value: "", label: t("routes.anyOperator") },
            ...operators.map((o) => ({ value: o, label: o })),
          ])}
          <FormTextarea
            control={control}
            name="prefixes"
            label={t("routes.prefixes")}
            description={t("routes.prefixesHint")}
            maxLength={SMSC_ROUTE_LIMITS.prefixes * 13}
            rows={2}
            data-testid="route-prefixes"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormTextInput
              control={control}
              name="sender"
              label={t("routes.sender")}
              maxLength={SMSC_ROUTE_LIMITS.sender}
              description={t("routes.anyHint")}
            />
            <FormTextInput
              control={control}
              name="organization_id"
              label={t("routes.organization")}
              inputMode="numeric"
              description={t("routes.anyHint")}
            />
          </div>
        </fieldset>
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => (
            <Checkbox checked={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name}>
              {t("routes.enabledLabel")}
            </Checkbox>
          )}
        />
        <div className="flex justify-end gap-2">
          <Button variant="light-gray" onClick={onClose} disabled={isPending}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" isLoading={isPending} data-testid="route-save">
            {t("common.save")}
          </Button>
        </div>
      </form>
    </ModalFrame>
  );
}
