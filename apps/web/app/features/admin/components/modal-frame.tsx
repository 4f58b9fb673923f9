import type { ReactNode } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";

/** The back office's dialog frame: a labelled, focus-trapped modal that Escape or the backdrop closes. */
export function ModalFrame({
  isOpen,
  onClose,
  title,
  children,
  role = "dialog",
  isDismissable = true,
}: {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  role?: "dialog" | "alertdialog";
  isDismissable?: boolean;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onClose())}
      isDismissable={isDismissable}
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4"
    >
      <Modal className="w-full max-w-md">
        <Dialog
          role={role}
          className="max-h-[90vh] overflow-y-auto rounded-lg bg-white p-6 shadow-xl outline-none"
        >
          <Heading slot="title" className="text-lg font-bold text-gray-900">
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
