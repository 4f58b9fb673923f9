import { Trans, useTranslation } from "react-i18next";
import { useLocalizedPath } from "~/lib/locale";
import { useConfigurations } from "../api/get-configurations";

/**
 * Outside production no SMS or e-mail really leaves: point the person at /dev/inbox, where the codes
 * are. The server decides (GET /configurations `dev_inbox`), since the same build runs everywhere.
 */
export function DevInboxHint() {
  const { t } = useTranslation("auth");
  const lp = useLocalizedPath();
  const config = useConfigurations();
  if (!config.data?.dev_inbox) return null;
  return (
    <p
      className="rounded-md border border-dashed border-gray-300 px-3 py-2 text-xs text-gray-600"
      data-testid="dev-inbox-hint"
    >
      <Trans
        t={t}
        i18nKey="devInbox.hint"
        components={{
          inbox: (
            // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated text inside.
            <a
              href={lp("/dev/inbox")}
              target="_blank"
              rel="noopener"
              className="whitespace-nowrap font-semibold text-primary-700 underline"
            />
          ),
        }}
      />
    </p>
  );
}
