import type { TContact } from "@sms/domain/contracts/contacts";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { MODAL_OVERLAY_CLASS } from "~/components/dialog";
import { Button } from "~/components/form";
import { useUpdateContact } from "../api/update-contact";
import { ConsentHistory } from "./consent-history";
import { ContactForm } from "./contact-form";

/** Edits a contact from the table's manage column, the number prefilled in the local form. */
export function ContactEditDialog({ contact, onClose }: { contact: TContact; onClose: () => void }) {
  const { t } = useTranslation("contacts");
  const update = useUpdateContact(contact.id);
  return (
    <ModalOverlay
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      isDismissable
      className={MODAL_OVERLAY_CLASS}
    >
      <Modal className="w-full max-w-lg">
        <Dialog className="rounded-lg bg-white p-6 shadow-xl outline-none">
          <Heading slot="title" className="mb-4 text-lg font-bold text-gray-900">
            {t("contactForm.editTitle")}
          </Heading>
          <ContactForm
            autoFocus
            initial={{
              first_name: contact.first_name,
              last_name: contact.last_name,
              phone_number: contact.phone_number,
            }}
            submitLabel={t("contactForm.save")}
            isPending={update.isPending}
            onSubmit={async (values) => {
              await update.mutateAsync(values);
              toast.success(t("contacts.updatedToast"));
              onClose();
            }}
            secondary={
              <Button variant="light-gray" onClick={onClose}>
                {t("actions.cancel")}
              </Button>
            }
          />
          <ConsentHistory contactId={contact.id} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
