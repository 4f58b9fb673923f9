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

/**
 * Every form dialog's backdrop: the dialog hangs from near the top and grows downward. Centred, a
 * dialog whose content arrives after it opens (a contact's consent history) moved its buttons up by
 * half the new height, under a finger or a pointer already pressing one: the press went down on Save
 * and came up beside it, and no click happened (a journey lost its Save this way).
 */
export const MODAL_OVERLAY_CLASS =
  "fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/50 p-4 pt-[8vh]";

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
      className={MODAL_OVERLAY_CLASS}
    >
      <Modal className="w-full max-w-md" data-testid={testId}>
        <Dialog
          role={role}
          className="max-h-[84vh] overflow-y-auto rounded-lg bg-white p-6 shadow-xl outline-none"
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
