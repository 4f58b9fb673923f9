import { useTranslation } from "react-i18next";

/** Entries listed before the rest are only counted. */
const SHOWN = 20;

/**
 * The typed entries that are not numbers, listed as typed so they can be found and fixed (D32),
 * each once; past SHOWN, the rest is counted.
 */
export function InvalidNumbers({ invalid }: { invalid: readonly string[] }) {
  const { t } = useTranslation("campaigns");
  const unique = [...new Set(invalid)];
  if (unique.length === 0) return null;
  const rest = unique.length - SHOWN;
  return (
    <div className="mt-1 text-xs text-red-700" data-testid="campaign-manual-invalid">
      <span>{t("compose.invalidListed")}</span>{" "}
      <ul className="inline">
        {unique.slice(0, SHOWN).map((entry) => (
          <li key={entry} className="me-1 inline-block rounded bg-red-50 px-1 font-mono break-all">
            {entry}
          </li>
        ))}
      </ul>
      {rest > 0 ? (
        <span>{t("compose.invalidMore", { count: rest, formatted: rest.toLocaleString() })}</span>
      ) : null}
    </div>
  );
}
