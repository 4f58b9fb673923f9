import { Button, type ButtonVariant, FormAlert } from "~/components/form";
import { ModalFrame } from "./modal-frame";

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  /** The question, in the caller's words. */
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  /** While the action runs, the dialog stays open: Cancel, Escape and the backdrop do nothing. */
  isPending?: boolean;
  /** Why the action failed, shown above the buttons. */
  error?: string | null;
  /** The confirm button's colour; red for a delete by default. */
  variant?: ButtonVariant;
  confirmTestId?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * "Are you sure?" before a delete or another action that is hard to undo: an alert dialog that traps
 * focus, starts on Cancel (the safe choice), closes with Escape and gives focus back to the button
 * that opened it.
 */
export function ConfirmDialog({
  isOpen,
  title,
  body,
  confirmLabel,
  cancelLabel,
  isPending = false,
  error = null,
  variant = "error",
  confirmTestId = "confirm-delete",
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <ModalFrame
      isOpen={isOpen}
      onClose={onCancel}
      title={title}
      role="alertdialog"
      isDismissable={!isPending}
      isKeyboardDismissDisabled={isPending}
    >
      <p className="mt-2 text-sm break-words text-gray-700">{body}</p>
      <FormAlert className="mt-4">{error}</FormAlert>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="light-gray" onClick={onCancel} disabled={isPending} autoFocus>
          {cancelLabel}
        </Button>
        <Button variant={variant} onClick={onConfirm} isLoading={isPending} data-testid={confirmTestId}>
          {confirmLabel}
        </Button>
      </div>
    </ModalFrame>
  );
}
