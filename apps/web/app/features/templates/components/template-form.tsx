import {
  TEMPLATE_MESSAGE_MAX_LENGTH,
  TEMPLATE_NAME_MAX_LENGTH,
  type TTemplate,
  ZCreateTemplateRequest,
} from "@sms/domain/contracts/templates";
import { withPlainTwins } from "@sms/domain/rules/sms";
import { type TemplateTag, templateTag, unknownTemplateTags } from "@sms/domain/rules/template-tags";
import { useId, useLayoutEffect, useRef } from "react";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import {
  Button,
  buttonClassName,
  FormAlert,
  FormTextarea,
  TextInput,
  useContractForm,
  useMessageText,
} from "~/components/form";
import { useLocalizedPath } from "~/lib/locale";
import { useCreateTemplate } from "../api/create-template";
import { useUpdateTemplate } from "../api/update-template";
import { insertAtCaret } from "../lib/insert-at-caret";
import { EnabledSwitch } from "./enabled-switch";
import { SmsCounter } from "./sms-counter";
import { SmsPreview } from "./sms-preview";
import { TagButtons } from "./tag-buttons";
import { UnicodeHint } from "./unicode-hint";

type FormInput = z.input<typeof ZCreateTemplateRequest>;
type FormOutput = z.output<typeof ZCreateTemplateRequest>;

const FIELDS = ["name", "message", "enabled"] as const;

export interface TemplateFormProps {
  /** The template being edited; a new one when left out. */
  template?: TTemplate;
}

/**
 * Create or edit a template (spec §2 /templates/create, /templates/{id}): the name, the message
 * with buttons that insert the tags at the caret, the on/off status, and the live SmsPreview
 * beside the fields (below them on a phone).
 */
export function TemplateForm({ template }: TemplateFormProps) {
  const { t } = useTranslation("templates");
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  const message = useMessageText();
  const create = useCreateTemplate();
  const update = useUpdateTemplate(template?.id ?? 0);
  const statusLabelId = useId();
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  // The caret to restore once React has rendered the text a tag button produced.
  const pendingCaret = useRef<number | null>(null);
  const { control, submit, formError, setValue, watch, getValues, formState } = useContractForm<
    FormInput,
    FormOutput
  >({
    contract: ZCreateTemplateRequest,
    defaultValues: {
      name: template?.name ?? "",
      message: template?.message ?? "",
      enabled: template?.enabled ?? true,
    },
    fields: FIELDS,
    onValid: async (values) => {
      if (template) {
        await update.mutateAsync(values);
        toast.success(t("toast.updated"));
      } else {
        await create.mutateAsync(values);
        toast.success(t("toast.created"));
      }
      navigate(lp("/templates"));
    },
  });
  const text = watch("message") ?? "";
  const enabled = watch("enabled") ?? true;
  const unknown = unknownTemplateTags(text);

  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const element = textarea.current;
    if (caret === null || !element) return;
    pendingCaret.current = null;
    element.focus();
    element.setSelectionRange(caret, caret);
  });

  const insertTag = (tag: TemplateTag) => {
    const current = getValues("message") ?? "";
    const element = textarea.current;
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? start;
    const edit = insertAtCaret(current, start, end, templateTag(tag), TEMPLATE_MESSAGE_MAX_LENGTH);
    if (!edit) return;
    pendingCaret.current = edit.caret;
    setValue("message", edit.value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
      data-testid="template-form"
    >
      <div className="min-w-0 space-y-5">
        <FormAlert>{formError}</FormAlert>
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={t("form.name")}
              isRequired
              maxLength={TEMPLATE_NAME_MAX_LENGTH}
              autoComplete="off"
              error={message(fieldState.error?.message)}
              data-testid="template-name"
            />
          )}
        />
        <div className="space-y-3">
          <FormTextarea
            control={control}
            name="message"
            ref={textarea}
            label={t("form.message")}
            isRequired
            rows={6}
            maxLength={TEMPLATE_MESSAGE_MAX_LENGTH}
            description={
              unknown.length > 0 ? (
                <span className="text-amber-800" data-testid="unknown-tags">
                  {t("form.unknownTags", { tags: unknown.join(", "), count: unknown.length })}
                </span>
              ) : (
                t("form.messageHint")
              )
            }
            data-testid="template-message"
          />
          <UnicodeHint
            message={text}
            onUsePlain={() =>
              setValue("message", withPlainTwins(text), {
                shouldDirty: true,
                shouldValidate: formState.isSubmitted,
              })
            }
          />
          <SmsCounter message={text} typed={text.length} maxLength={TEMPLATE_MESSAGE_MAX_LENGTH} />
          <TagButtons
            onInsert={insertTag}
            isDisabled={(tag) => text.length + templateTag(tag).length > TEMPLATE_MESSAGE_MAX_LENGTH}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <span id={statusLabelId} className="text-sm font-medium text-gray-800">
            {t("form.status")}
          </span>
          <EnabledSwitch
            checked={enabled}
            onChange={(next) => setValue("enabled", next, { shouldDirty: true })}
            label={t("form.status")}
            labelledBy={statusLabelId}
            testId="template-enabled"
          />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" isLoading={formState.isSubmitting} data-testid="template-submit">
            {template ? t("form.save") : t("form.create")}
          </Button>
          <Link to={lp("/templates")} className={buttonClassName({ variant: "light-gray" })}>
            {t("form.cancel")}
          </Link>
        </div>
      </div>
      <SmsPreview message={text} className="lg:sticky lg:top-4" />
    </form>
  );
}
