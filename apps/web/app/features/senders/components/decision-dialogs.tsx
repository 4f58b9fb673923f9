import {
  SENDER_LIMITS,
  type TAdminSender,
  ZApproveSenderRequest,
  ZBlockSenderRequest,
} from "@sms/domain/contracts/senders";
import { useTranslation } from "react-i18next";
import { TextDialog } from "~/components/dialog";
import { useMessageText } from "~/components/form";

interface DecisionProps {
  sender: TAdminSender;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
}

/** Approving lets the organization send under the name at once: staff confirm, with an optional note. */
export function ApproveSenderDialog({
  sender,
  busy,
  error,
  onCancel,
  onConfirm,
}: DecisionProps & { onConfirm: (note: string | undefined) => void }) {
  const { t } = useTranslation("senders");
  const message = useMessageText();
  return (
    <TextDialog
      title={t("admin.approveTitle", { name: sender.name })}
      body={t("admin.approveBody", { name: sender.name, organization: sender.organization_name ?? "" })}
      label={t("admin.note")}
      maxLength={SENDER_LIMITS.reason}
      validate={(note) => {
        const parsed = ZApproveSenderRequest.safeParse({ note });
        return parsed.success
          ? { ok: true, value: parsed.data.note ?? "" }
          : { ok: false, problem: parsed.error.issues[0]?.message };
      }}
      message={message}
      confirmLabel={t("admin.approve")}
      cancelLabel={t("admin.cancel")}
      confirmVariant="submit"
      confirmTestId="approve-confirm"
      testId="approve-dialog"
      busy={busy}
      error={error}
      onCancel={onCancel}
      onConfirm={(note) => onConfirm(note || undefined)}
    />
  );
}

/** Blocking needs the reason the customer will read on /senders and in the e-mail. */
export function BlockSenderDialog({
  sender,
  busy,
  error,
  onCancel,
  onConfirm,
}: DecisionProps & { onConfirm: (reason: string) => void }) {
  const { t } = useTranslation("senders");
  const message = useMessageText();
  return (
    <TextDialog
      title={t("admin.blockTitle", { name: sender.name })}
      label={t("admin.reason")}
      description={t("admin.reasonHint")}
      isRequired
      maxLength={SENDER_LIMITS.reason}
      validate={(reason) => {
        const parsed = ZBlockSenderRequest.safeParse({ reason });
        return parsed.success
          ? { ok: true, value: parsed.data.reason }
          : { ok: false, problem: parsed.error.issues[0]?.message };
      }}
      message={message}
      confirmLabel={t("admin.block")}
      cancelLabel={t("admin.cancel")}
      confirmTestId="block-confirm"
      testId="block-dialog"
      busy={busy}
      error={error}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
