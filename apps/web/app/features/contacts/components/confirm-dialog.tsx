import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/form";

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  isPending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A confirmation before a delete; Escape or "Cancel" backs out, focus starts on Cancel. */
export function ConfirmDialog({
  isOpen,
  title,
  body,
  confirmLabel,
  isPending,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation("contacts");
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      isDismissable
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4"
    >
      <Modal className="w-full max-w-md">
        <Dialog role="alertdialog" className="rounded-lg bg-white p-6 shadow-xl outline-none">
          <Heading slot="title" className="text-lg font-bold text-gray-900">
            {title}
          </Heading>
          <p className="mt-2 text-sm break-words text-gray-700">{body}</p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="light-gray" onClick={onCancel} autoFocus>
              {t("actions.cancel")}
            </Button>
            <Button variant="error" onClick={onConfirm} isLoading={isPending} data-testid="confirm-delete">
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
