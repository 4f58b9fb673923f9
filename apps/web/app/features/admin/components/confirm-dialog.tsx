import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, type ButtonVariant, FormAlert } from "~/components/form";
import { ModalFrame } from "./modal-frame";

/** "Are you sure?" before an action that changes a customer's account or the whole system. */
export function ConfirmDialog({
  isOpen,
  onCancel,
  onConfirm,
  title,
  children,
  confirmLabel,
  isPending = false,
  error = null,
  variant = "primary",
}: {
  isOpen: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  isPending?: boolean;
  error?: string | null;
  variant?: ButtonVariant;
}) {
  const { t } = useTranslation("admin");
  return (
    <ModalFrame
      isOpen={isOpen}
      onClose={onCancel}
      title={title}
      role="alertdialog"
      isDismissable={!isPending}
    >
      <div className="mt-2 space-y-3 text-sm text-gray-700">{children}</div>
      <div className="mt-4">
        <FormAlert>{error}</FormAlert>
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="light-gray" onClick={onCancel} disabled={isPending}>
          {t("common.cancel")}
        </Button>
        <Button variant={variant} onClick={onConfirm} isLoading={isPending} data-testid="confirm">
          {confirmLabel}
        </Button>
      </div>
    </ModalFrame>
  );
}
