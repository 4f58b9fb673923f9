import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/form";

export interface ConfirmDeleteDialogProps {
  /** The template's name; the dialog is open while it is set. */
  name: string | null;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * "Delete this template?" before deleting: an alert dialog that traps focus, starts on Cancel (the
 * safe choice), closes with Escape and gives focus back to the button that opened it.
 */
export function ConfirmDeleteDialog({ name, isPending, onConfirm, onCancel }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation("templates");
  return (
    <ModalOverlay
      isOpen={name !== null}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      isDismissable={!isPending}
      isKeyboardDismissDisabled={isPending}
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4"
    >
      <Modal className="w-full max-w-md">
        <Dialog role="alertdialog" className="rounded-lg bg-white p-6 shadow-xl outline-none">
          <Heading slot="title" className="text-lg font-bold text-gray-900">
            {t("delete.title")}
          </Heading>
          <p className="mt-2 text-sm break-words text-gray-700">{t("delete.body", { name: name ?? "" })}</p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="light-gray" onClick={onCancel} disabled={isPending} autoFocus>
              {t("delete.cancel")}
            </Button>
            <Button variant="error" onClick={onConfirm} isLoading={isPending} data-testid="confirm-delete">
              {t("delete.confirm")}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
