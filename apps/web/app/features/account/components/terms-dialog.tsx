import { useCallback, useEffect, useRef, useState } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/form";
import { useLocalizedPath } from "~/lib/locale";
import { useAcceptTnc } from "../api/accept-tnc";
import { useLogout } from "../api/logout";
import { TermsContent } from "./terms-content";

/** Pixels of slack when deciding that the reader reached the end (zoom and rounding). */
const BOTTOM_SLACK = 4;

/**
 * Spec §4 Terms dialog: 900 wide, body at most 700 px high; Accept stays disabled until the body
 * has been scrolled to the end; no closing by clicking outside or Escape. Accepting sends the
 * version and reloads the current user; `onAccepted` then closes it.
 */
export function TermsDialog({
  version,
  changeNote = null,
  isOpen,
  onAccepted,
}: {
  version: string;
  /** What changed in this version, as staff published it (review D69): read before the whole text. */
  changeNote?: string | null;
  isOpen: boolean;
  onAccepted: () => void;
}) {
  const { t } = useTranslation(["account", "common"]);
  const accept = useAcceptTnc();
  // Declining is signing out: the app cannot be used without the current terms (review D9).
  const decline = useLogout("terms_declined");
  const navigate = useNavigate();
  const lp = useLocalizedPath();
  const [atBottom, setAtBottom] = useState(false);
  const body = useRef<HTMLDivElement | null>(null);

  const check = useCallback(() => {
    const el = body.current;
    if (el && el.scrollTop + el.clientHeight >= el.scrollHeight - BOTTOM_SLACK) setAtBottom(true);
  }, []);

  // A tall screen may show the whole text without scrolling.
  useEffect(() => {
    if (!isOpen) return;
    const frame = requestAnimationFrame(check);
    return () => cancelAnimationFrame(frame);
  }, [isOpen, check]);

  const onAccept = async () => {
    try {
      await accept.mutateAsync({ version });
      onAccepted();
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : "";
      toast.error(message || t("common:error.general"));
    }
  };

  return (
    <ModalOverlay
      isOpen={isOpen}
      isDismissable={false}
      isKeyboardDismissDisabled
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-2 sm:p-4"
    >
      <Modal className="w-full max-w-[900px]" data-testid="terms-dialog">
        <Dialog className="flex max-h-[calc(100dvh-1rem)] flex-col rounded-lg bg-white shadow-xl outline-none sm:max-h-[calc(100dvh-2rem)]">
          <div className="border-b border-gray-200 px-4 py-3 sm:px-6 sm:py-4">
            <Heading slot="title" className="text-lg font-bold text-gray-900 sm:text-xl">
              {t("terms.title")}
            </Heading>
            <p className="mt-0.5 text-xs text-gray-500">{t("terms.version", { version })}</p>
            {changeNote ? (
              <div
                className="mt-2 rounded-md border border-primary-200 bg-primary-50 px-3 py-2 text-sm text-gray-900"
                data-testid="terms-change-note"
              >
                <p className="font-semibold">{t("terms.changed", { version })}</p>
                <p className="whitespace-pre-wrap break-words">{changeNote}</p>
              </div>
            ) : null}
          </div>
          <div
            ref={body}
            onScroll={check}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable text must be reachable by keyboard to scroll it.
            tabIndex={0}
            data-testid="terms-body"
            className="max-h-[700px] min-h-0 flex-1 overflow-y-auto px-4 py-4 focus-visible:outline-2 focus-visible:outline-primary-600 sm:px-6"
          >
            <TermsContent />
          </div>
          <div className="flex flex-col gap-2 border-t border-gray-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6">
            <p className="text-xs text-gray-600" aria-live="polite">
              {atBottom ? t("terms.ready") : t("terms.scrollHint")}
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button
                variant="light-gray"
                onClick={() =>
                  void decline.mutateAsync().finally(() => navigate(lp("/login"), { replace: true }))
                }
                isLoading={decline.isPending}
                data-testid="terms-decline"
              >
                {t("terms.decline")}
              </Button>
              <Button
                onClick={onAccept}
                disabled={!atBottom}
                isLoading={accept.isPending}
                data-testid="terms-accept"
              >
                {t("terms.accept")}
              </Button>
            </div>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
