import {
  SENDER_LIMITS,
  type TAdminSender,
  ZApproveSenderRequest,
  ZBlockSenderRequest,
} from "@sms/domain/contracts/senders";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ModalFrame } from "~/components/dialog";
import { Button, FormAlert, Textarea } from "~/components/form";
import { useSenderMessage } from "../lib/messages";

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
  const message = useSenderMessage();
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZApproveSenderRequest.safeParse({ note });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    onConfirm(parsed.data.note);
  };
  return (
    <ModalFrame
      title={t("admin.approveTitle", { name: sender.name })}
      onClose={onCancel}
      testId="approve-dialog"
    >
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <p className="text-gray-700">
          {t("admin.approveBody", { name: sender.name, organization: sender.organization_name ?? "" })}
        </p>
        <Textarea
          label={t("admin.note")}
          value={note}
          onChange={setNote}
          maxLength={SENDER_LIMITS.reason}
          error={message(problem)}
        />
        <FormAlert>{error}</FormAlert>
        <div className="flex justify-end gap-2">
          <Button variant="gray" onClick={onCancel}>
            {t("admin.cancel")}
          </Button>
          <Button type="submit" variant="submit" isLoading={busy} data-testid="approve-confirm">
            {t("admin.approve")}
          </Button>
        </div>
      </form>
    </ModalFrame>
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
  const message = useSenderMessage();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZBlockSenderRequest.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    onConfirm(parsed.data.reason);
  };
  return (
    <ModalFrame title={t("admin.blockTitle", { name: sender.name })} onClose={onCancel} testId="block-dialog">
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <Textarea
          label={t("admin.reason")}
          description={t("admin.reasonHint")}
          isRequired
          value={reason}
          onChange={setReason}
          maxLength={SENDER_LIMITS.reason}
          error={message(problem)}
          autoFocus
        />
        <FormAlert>{error}</FormAlert>
        <div className="flex justify-end gap-2">
          <Button variant="gray" onClick={onCancel}>
            {t("admin.cancel")}
          </Button>
          <Button type="submit" variant="error" isLoading={busy} data-testid="block-confirm">
            {t("admin.block")}
          </Button>
        </div>
      </form>
    </ModalFrame>
  );
}
