import type { ReactNode } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";

export interface ModalFrameProps {
  /** Open by default: a caller that renders the frame only while it is needed leaves it out. */
  isOpen?: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** An action that cannot be undone asks as an alert dialog. */
  role?: "dialog" | "alertdialog";
  /** Whether a click on the backdrop closes the dialog. */
  isDismissable?: boolean;
  /** Whether Escape is ignored (while the dialog's action runs). */
  isKeyboardDismissDisabled?: boolean;
  testId?: string;
}

/** The app's dialog frame: a labelled, focus-trapped modal that Escape or the backdrop closes. */
export function ModalFrame({
  isOpen = true,
  onClose,
  title,
  children,
  role = "dialog",
  isDismissable = true,
  isKeyboardDismissDisabled = false,
  testId,
}: ModalFrameProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onClose())}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={isKeyboardDismissDisabled}
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4"
    >
      <Modal className="w-full max-w-md" data-testid={testId}>
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
