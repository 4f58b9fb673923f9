import { useTranslation } from "react-i18next";

export interface EnabledSwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The accessible name, e.g. "Welcome: on or off"; the state itself is read from aria-checked. */
  label: string;
  disabled?: boolean;
  /** Labelled by visible text elsewhere instead of `label`. */
  labelledBy?: string;
  testId?: string;
}

/**
 * The template's on/off toggle (spec §4): a switch (role "switch", Space or Enter flips it) with
 * its state written beside it, so it does not rely on colour alone.
 */
export function EnabledSwitch({
  checked,
  onChange,
  label,
  disabled = false,
  labelledBy,
  testId,
}: EnabledSwitchProps) {
  const { t } = useTranslation("templates");
  return (
    <span className="inline-flex min-h-11 items-center gap-2">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={labelledBy ? undefined : label}
        aria-labelledby={labelledBy}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        data-testid={testId}
        className={`relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700 disabled:cursor-not-allowed disabled:opacity-60 ${checked ? "bg-primary-700" : "bg-gray-400"}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-5.5 rtl:-translate-x-5.5" : "translate-x-0.5 rtl:-translate-x-0.5"}`}
        />
      </button>
      <span aria-hidden="true" className={`text-sm ${checked ? "text-primary-800" : "text-gray-600"}`}>
        {checked ? t("status.on") : t("status.off")}
      </span>
    </span>
  );
}
