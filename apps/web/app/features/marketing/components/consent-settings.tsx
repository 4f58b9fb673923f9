import { useTranslation } from "react-i18next";

/**
 * The control on the cookie-policy page to change the consent given in the banner. The
 * enhancement script fills in the current choice and saves the new one.
 */
export function ConsentSettings() {
  const { t } = useTranslation("marketing");
  const row = (name: string, label: string, hint: string, locked = false) => (
    <div className="flex items-start gap-3 py-3">
      <input
        id={`consent-${name}`}
        name={name}
        type="checkbox"
        defaultChecked={locked}
        disabled={locked}
        aria-describedby={`consent-${name}-hint`}
        className="mt-1 size-5 accent-primary-700"
      />
      <div>
        <label htmlFor={`consent-${name}`} className="font-medium text-gray-950">
          {label}
        </label>
        <p id={`consent-${name}-hint`} className="text-sm text-gray-700">
          {hint}
        </p>
      </div>
    </div>
  );
  return (
    <form
      data-consent-form
      aria-labelledby="consent-settings-title"
      className="max-w-3xl rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
    >
      <h2 id="consent-settings-title" className="text-xl font-bold text-gray-950">
        {t("cookies.settingsTitle")}
      </h2>
      <fieldset className="mt-2 divide-y divide-gray-100">
        <legend className="sr-only">{t("cookies.settingsTitle")}</legend>
        {row("necessary", t("cookies.necessary"), t("cookies.necessaryHint"), true)}
        {row("analytics", t("cookies.analytics"), t("cookies.analyticsHint"))}
        {row("marketing", t("cookies.marketing"), t("cookies.marketingHint"))}
      </fieldset>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <button
          type="submit"
          className="inline-flex min-h-11 items-center rounded-md bg-primary-700 px-5 font-semibold text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
        >
          {t("cookies.save")}
        </button>
        <p
          role="status"
          data-consent-status
          data-none={t("cookies.current", { state: t("cookies.stateNone") })}
          data-custom={t("cookies.current", { state: t("cookies.stateCustom") })}
          data-saved={t("cookies.saved")}
          className="text-sm font-medium text-gray-800"
        >
          {t("cookies.current", { state: t("cookies.stateNone") })}
        </p>
      </div>
    </form>
  );
}
