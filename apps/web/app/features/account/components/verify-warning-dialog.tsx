import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { MODAL_OVERLAY_CLASS } from "~/components/dialog";
import { Button } from "~/components/form";
import { useLocalizedPath } from "~/lib/locale";

/** Spec §4 Verify-warning dialog: not closable outside; its one action goes to /accounts. */
export function VerifyWarningDialog({
  isOpen,
  phone,
  email,
}: {
  isOpen: boolean;
  phone: boolean;
  email: boolean;
}) {
  const { t } = useTranslation("account");
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  return (
    <ModalOverlay
      isOpen={isOpen}
      isDismissable={false}
      isKeyboardDismissDisabled
      className={MODAL_OVERLAY_CLASS}
    >
      <Modal className="w-full max-w-md" data-testid="verify-warning">
        <Dialog role="alertdialog" className="rounded-lg bg-white p-6 shadow-xl outline-none">
          <div
            className="mb-3 flex size-12 items-center justify-center rounded-full bg-amber-100 text-2xl"
            aria-hidden="true"
          >
            !
          </div>
          <Heading slot="title" className="text-lg font-bold text-gray-900">
            {t("verifyWarning.title")}
          </Heading>
          <p className="mt-2 text-sm text-gray-700">{t("verifyWarning.body")}</p>
          <ul className="mt-3 list-inside list-disc text-sm text-gray-700">
            {phone ? <li>{t("verifyWarning.phone")}</li> : null}
            {email ? <li>{t("verifyWarning.email")}</li> : null}
          </ul>
          <Button className="mt-6" fullWidth autoFocus onClick={() => navigate(lp("/accounts"))}>
            {t("verifyWarning.action")}
          </Button>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
