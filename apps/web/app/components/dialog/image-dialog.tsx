import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Button } from "~/components/form";
import { MODAL_OVERLAY_CLASS } from "./modal-frame";

export interface ImageDialogProps {
  title: string;
  /** An object URL or data URL of the image fetched with the session's token. */
  src: string;
  alt: string;
  closeLabel: string;
  onClose: () => void;
}

/** An uploaded image looked at in place (a payment slip, a sender's evidence), as large as the screen allows. */
export function ImageDialog({ title, src, alt, closeLabel, onClose }: ImageDialogProps) {
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => (open ? undefined : onClose())}
      className={MODAL_OVERLAY_CLASS}
    >
      <Modal className="w-full max-w-3xl">
        <Dialog className="space-y-3 rounded-lg bg-white p-4 shadow-xl outline-none">
          <Heading slot="title" className="text-lg font-semibold break-all">
            {title}
          </Heading>
          <img src={src} alt={alt} className="max-h-[70dvh] w-full object-contain" />
          <div className="flex justify-end">
            <Button variant="gray" onClick={onClose}>
              {closeLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
