import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ImageDialog } from "~/components/dialog";
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
        <ImageDialog
          title={t("admin.proofTitle", { id: orderId })}
          src={image}
          alt={t("admin.proofAlt", { id: orderId })}
          closeLabel={t("admin.close")}
          onClose={() => setImage(null)}
        />
      ) : null}
    </>
  );
}
