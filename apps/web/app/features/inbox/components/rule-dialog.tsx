import {
  type TAutoReplyRule,
  type TAutoReplyRuleBody,
  type TAutoReplyRuleRequest,
  ZAutoReplyRuleRequest,
} from "@sms/domain/contracts/inbox";
import { AUTO_REPLY_KEYWORD_MAX, AUTO_REPLY_TEXT_MAX } from "@sms/domain/rules/auto-reply";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ModalFrame } from "~/components/dialog";
import {
  Button,
  FormAlert,
  FormCheckbox,
  FormTextarea,
  FormTextInput,
  useContractForm,
} from "~/components/form";
import { useSaveRule } from "../api/save-rule";

const FIELDS = ["keyword", "reply", "enabled"] as const;
type Values = { keyword: string; reply: string; enabled: boolean };

/** Adds a keyword auto-reply, or changes `rule`; checked with the API's rules (STOP words refused). */
export function RuleDialog({ rule, onClose }: { rule: TAutoReplyRule | null; onClose: () => void }) {
  const { t } = useTranslation("inbox");
  const save = useSaveRule();
  const { control, submit, formError } = useContractForm<Values, TAutoReplyRuleBody>({
    contract: ZAutoReplyRuleRequest,
    defaultValues: {
      keyword: rule?.keyword ?? "",
      reply: rule?.reply ?? "",
      enabled: rule?.enabled ?? true,
    } satisfies TAutoReplyRuleRequest,
    fields: FIELDS,
    onValid: async (body) => {
      await save.mutateAsync({ id: rule?.id ?? null, body });
      toast.success(t("rules.saved"));
      onClose();
    },
  });
  return (
    <ModalFrame
      title={rule ? t("rules.editTitle") : t("rules.addTitle")}
      onClose={onClose}
      isKeyboardDismissDisabled={save.isPending}
      testId="rule-dialog"
    >
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <FormAlert>{formError}</FormAlert>
        <FormTextInput
          control={control}
          name="keyword"
          label={t("rules.keyword")}
          description={t("rules.keywordHint")}
          isRequired
          autoFocus
          maxLength={AUTO_REPLY_KEYWORD_MAX}
          autoComplete="off"
          data-testid="rule-keyword"
        />
        <FormTextarea
          control={control}
          name="reply"
          label={t("rules.reply")}
          isRequired
          rows={4}
          maxLength={AUTO_REPLY_TEXT_MAX}
          data-testid="rule-reply"
        />
        <FormCheckbox control={control} name="enabled" data-testid="rule-enabled">
          {t("rules.enabled")}
        </FormCheckbox>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" isLoading={save.isPending} data-testid="rule-save">
            {t("rules.save")}
          </Button>
          <Button variant="light-gray" onClick={onClose}>
            {t("rules.cancel")}
          </Button>
        </div>
      </form>
    </ModalFrame>
  );
}
