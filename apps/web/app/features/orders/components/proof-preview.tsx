import { useState } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { dataUrlOf, fetchBlob, openBlob } from "~/lib/authorized-files";
import { useLocale } from "~/lib/locale";

/** Staff look at a proof of payment: an image inline in a dialog, a PDF in a new tab. */
export function ProofPreview({ fileId, orderId }: { fileId: string; orderId: number }) {
  const { t } = useTranslation("orders");
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [image, setImage] = useState<string | null>(null);
  const view = async () => {
    setBusy(true);
    try {
      const blob = await fetchBlob(`/c/files/${fileId}`, locale);
      if (blob.type.startsWith("image/")) setImage(await dataUrlOf(blob));
      else openBlob(blob);
    } catch (e) {
      toast.error(isApiError(e) ? e.message : t("file.failed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="light-primary"
        size="sm"
        onClick={() => void view()}
        isLoading={busy}
        data-testid={`view-proof-${orderId}`}
      >
        {t("admin.viewProof")}
      </Button>
      {image ? (
        <ModalOverlay
          isOpen
          isDismissable
          onOpenChange={(open) => (open ? undefined : setImage(null))}
          className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4"
        >
          <Modal className="w-full max-w-3xl">
            <Dialog className="space-y-3 rounded-lg bg-white p-4 shadow-xl outline-none">
              <Heading slot="title" className="text-lg font-semibold">
                {t("admin.proofTitle", { id: orderId })}
              </Heading>
              <img
                src={image}
                alt={t("admin.proofAlt", { id: orderId })}
                className="max-h-[75dvh] w-full object-contain"
              />
              <div className="flex justify-end">
                <Button variant="gray" onClick={() => setImage(null)}>
                  {t("admin.close")}
                </Button>
              </div>
            </Dialog>
          </Modal>
        </ModalOverlay>
      ) : null}
    </>
  );
}
