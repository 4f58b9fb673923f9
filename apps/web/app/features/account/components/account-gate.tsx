import { splitLocale } from "@sms/domain/routes";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useConfigurations } from "~/features/auth";
import { useCurrentUser } from "./current-user";
import { TermsDialog } from "./terms-dialog";
import { VerifyWarningDialog } from "./verify-warning-dialog";

/** Spec §9: the admin layout waits this long before checking terms and verification. */
export const ADMIN_MODAL_DELAY_MS = 300;

/** Pages where the verify warning would stand in the way of verifying. */
const VERIFY_EXEMPT = new Set(["/accounts", "/verifications"]);

/**
 * Spec §2/§4 admin layout: 300 ms after entering, the terms dialog if no accepted version matches
 * the current tnc_version; otherwise the verify warning if the phone or e-mail is unverified.
 */
export function AccountGate() {
  const { user } = useCurrentUser();
  const config = useConfigurations();
  const { path } = splitLocale(useLocation().pathname);
  const [armed, setArmed] = useState(false);
  const [accepted, setAccepted] = useState<string | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setArmed(true), ADMIN_MODAL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    // Spec §7: a configuration fetch failure is only logged.
    if (config.error) console.error("configurations could not be loaded", config.error);
  }, [config.error]);

  if (!armed || !user || config.isPending) return null;
  const version = config.data?.tnc_version;
  if (version && user.tnc_log?.version !== version && accepted !== version) {
    return (
      <TermsDialog
        isOpen
        version={version}
        changeNote={config.data?.tnc_change_note ?? null}
        onAccepted={() => setAccepted(version)}
      />
    );
  }
  const phone = !user.phone_number_verified_at;
  const email = !user.email_verified_at;
  return (
    <VerifyWarningDialog isOpen={!VERIFY_EXEMPT.has(path) && (phone || email)} phone={phone} email={email} />
  );
}
