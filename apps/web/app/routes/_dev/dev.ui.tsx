import { zodResolver } from "@hookform/resolvers/zod";
import { ZPhoneNumber } from "@sms/domain/rules/validation";
import { type ReactNode, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useLocation, useMatches } from "react-router";
import { z } from "zod";
import {
  BUTTON_COLORS,
  Button,
  type ButtonVariant,
  Checkbox,
  FormTextarea,
  Textarea,
  TextInput,
  ZChecked,
} from "~/components/form";
import { DatePicker, DateRangePicker, type DateRangeValue, todayInBangkok } from "~/components/form/date";
import { TableShowcase } from "~/components/table/table-showcase";
import { pageTitle } from "~/lib/meta";

const REQUIRED_KEY = "form.required";

const ZDemoForm = z.object({
  phone: ZPhoneNumber,
  message: z.string().trim().min(1, { error: REQUIRED_KEY }),
  period: z
    .object({ start: z.string(), end: z.string() }, { error: REQUIRED_KEY })
    .nullable()
    .refine(Boolean, {
      error: REQUIRED_KEY,
    }),
  accept: ZChecked,
});
type TDemoForm = z.input<typeof ZDemoForm>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-4 shadow-xs sm:p-6">
      <h2 className="mb-4 text-lg font-semibold text-gray-900">{title}</h2>
      {children}
    </section>
  );
}

function Value({ value }: { value: unknown }) {
  const { t } = useTranslation("ui");
  return (
    <p className="mt-1 font-mono text-xs text-gray-500">
      {t("devUi.hints.value", { value: JSON.stringify(value ?? null) })}
    </p>
  );
}

function TextInputs() {
  const { t } = useTranslation("ui");
  const [tel, setTel] = useState("");
  const [num, setNum] = useState<number | null>(null);
  const [email, setEmail] = useState("");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput type="text" label={t("devUi.fields.text")} isRequired />
      <TextInput type="url" label={t("devUi.fields.url")} placeholder="https://example.com" />
      <div>
        <TextInput
          type="tel"
          label={t("devUi.fields.tel")}
          description={t("devUi.hints.tel")}
          value={tel}
          onChange={setTel}
        />
        <Value value={tel} />
      </div>
      <div>
        <TextInput
          type="num"
          label={t("devUi.fields.num")}
          description={t("devUi.hints.num")}
          value={num}
          onChange={setNum}
        />
        <Value value={num} />
      </div>
      <div>
        <TextInput
          type="email"
          label={t("devUi.fields.email")}
          description={t("devUi.hints.email")}
          value={email}
          onChange={setEmail}
        />
        <Value value={email} />
      </div>
      <TextInput type="password" label={t("devUi.fields.password")} isRequired defaultValue="secret123" />
      <TextInput type="search" label={t("devUi.fields.search")} />
      <TextInput
        type="tel"
        label={t("devUi.fields.tel")}
        isRequired
        defaultValue="0812"
        error="validation.phone_min_length"
      />
      <TextInput type="text" label={t("devUi.fields.disabled")} disabled defaultValue="—" />
    </div>
  );
}

function Textareas() {
  const { t } = useTranslation("ui");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Textarea label={t("devUi.fields.message")} showCounter isRequired />
      <Textarea label={t("devUi.fields.note")} showCounter defaultValue={"SMS ".repeat(64).slice(0, 255)} />
      <Textarea label={t("devUi.fields.note")} error={REQUIRED_KEY} isRequired />
      <Textarea label={t("devUi.fields.disabled")} disabled defaultValue="—" />
    </div>
  );
}

function DatePickers() {
  const { t } = useTranslation("ui");
  const [date, setDate] = useState<string | null>(null);
  const [dateTime, setDateTime] = useState<string | null>(null);
  const [range, setRange] = useState<DateRangeValue | null>(null);
  const [rangeTime, setRangeTime] = useState<DateRangeValue | null>(null);
  const tomorrow = todayInBangkok().add({ days: 1 }).toString();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div>
        <DatePicker label={t("devUi.fields.date")} isRequired value={date} onChange={setDate} />
        <Value value={date} />
      </div>
      <div>
        <DatePicker label={t("devUi.fields.dateTime")} withTime value={dateTime} onChange={setDateTime} />
        <Value value={dateTime} />
      </div>
      <div>
        <DateRangePicker label={t("devUi.fields.range")} value={range} onChange={setRange} />
        <Value value={range} />
      </div>
      <div>
        <DateRangePicker
          label={t("devUi.fields.rangeTime")}
          withTime
          value={rangeTime}
          onChange={setRangeTime}
        />
        <Value value={rangeTime} />
      </div>
      <DateRangePicker label={t("devUi.fields.rangeLimited")} maxSpanDays={31} />
      <DatePicker label={t("devUi.fields.date")} defaultValue={tomorrow} />
      <DatePicker label={t("devUi.fields.disabledDate")} isDisabled defaultValue="2026-01-15" />
    </div>
  );
}

function Buttons() {
  const { t } = useTranslation("ui");
  const light = BUTTON_COLORS.map((color) => `light-${color}` as const);
  const row = (variants: readonly ButtonVariant[]) => (
    <div className="flex flex-wrap gap-2">
      {variants.map((variant) => (
        <Button key={variant} variant={variant}>
          {variant}
        </Button>
      ))}
    </div>
  );
  return (
    <div className="space-y-3">
      {row(BUTTON_COLORS)}
      {row(light)}
      <div className="flex flex-wrap gap-2">
        <Button disabled>{t("devUi.buttonStates.disabled")}</Button>
        <Button variant="light-primary" disabled>
          {t("devUi.buttonStates.disabled")}
        </Button>
        <Button isLoading>{t("devUi.buttonStates.loading")}</Button>
        <Button variant="submit" type="submit" form="dev-ui-form">
          {t("devUi.buttonStates.submit")}
        </Button>
        <Button size="sm" variant="gray">
          sm
        </Button>
        <Button size="lg" variant="secondary">
          lg
        </Button>
      </div>
    </div>
  );
}

function Checkboxes() {
  const { t } = useTranslation("ui");
  return (
    <div className="space-y-3">
      <Checkbox>{t("devUi.fields.newsletter")}</Checkbox>
      <Checkbox defaultChecked>{t("devUi.fields.newsletter")}</Checkbox>
      <Checkbox isRequired error="form.mustBeChecked">
        {t("devUi.fields.accept")}
      </Checkbox>
      <Checkbox disabled>{t("devUi.fields.disabled")}</Checkbox>
    </div>
  );
}

function DemoForm() {
  const { t } = useTranslation("ui");
  const [done, setDone] = useState(false);
  const { control, handleSubmit } = useForm<TDemoForm>({
    resolver: zodResolver(ZDemoForm),
    defaultValues: { phone: "", message: "", period: null, accept: false },
  });
  return (
    <form
      id="dev-ui-form"
      noValidate
      onSubmit={handleSubmit(
        () => setDone(true),
        () => setDone(false),
      )}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="phone"
          render={({ field, fieldState }) => (
            <TextInput
              type="tel"
              label={t("devUi.fields.tel")}
              isRequired
              {...field}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="period"
          render={({ field, fieldState }) => (
            <DateRangePicker
              label={t("devUi.fields.rangeLimited")}
              maxSpanDays={31}
              isRequired
              {...field}
              error={fieldState.error?.message}
            />
          )}
        />
        <FormTextarea
          control={control}
          name="message"
          label={t("devUi.fields.message")}
          showCounter
          isRequired
          className="sm:col-span-2"
        />
        <Controller
          control={control}
          name="accept"
          render={({ field, fieldState }) => (
            <Checkbox isRequired className="sm:col-span-2" {...field} error={fieldState.error?.message}>
              {t("devUi.fields.accept")}
            </Checkbox>
          )}
        />
      </div>
      <div className="mt-4 flex items-center gap-3">
        <Button type="submit" variant="submit">
          {t("devUi.buttonStates.submit")}
        </Button>
        <p role="status" className="text-sm font-medium text-emerald-700">
          {done ? t("devUi.submitted") : ""}
        </p>
      </div>
    </form>
  );
}

/** /dev/ui: the form kit of spec §5 in every state, in the route's language. Hidden in production. */
export default function DevUi() {
  const { t } = useTranslation(["common", "ui"]);
  const { pathname } = useLocation();
  const matches = useMatches();
  const routeId = matches[matches.length - 1]?.id ?? "";
  return (
    <div className="space-y-6 py-4">
      <title>{pageTitle(routeId, pathname)}</title>
      <header>
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{t("common:pages.dev.ui")}</h1>
        <p className="mt-1 text-gray-600">{t("ui:devUi.intro")}</p>
      </header>
      <Section title={t("ui:devUi.sections.textInputs")}>
        <TextInputs />
      </Section>
      <Section title={t("ui:devUi.sections.textarea")}>
        <Textareas />
      </Section>
      <Section title={t("ui:devUi.sections.datePickers")}>
        <DatePickers />
      </Section>
      <Section title={t("ui:devUi.sections.buttons")}>
        <Buttons />
      </Section>
      <Section title={t("ui:devUi.sections.checkbox")}>
        <Checkboxes />
      </Section>
      <Section title={t("ui:devUi.sections.form")}>
        <DemoForm />
      </Section>
      <Section title={t("ui:devUi.table.section")}>
        <TableShowcase />
      </Section>
    </div>
  );
}
