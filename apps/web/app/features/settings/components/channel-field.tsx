import { ALERT_CHANNELS, type AlertChannel } from "@sms/domain/contracts/settings";
import { useId } from "react";
import { useTranslation } from "react-i18next";

/** Where an alert goes: native radios in a fieldset, so arrow keys move between them and the legend names them. */
export function ChannelField({
  name,
  value,
  onChange,
  error,
  testId,
}: {
  name: string;
  value: AlertChannel;
  onChange: (value: AlertChannel) => void;
  error?: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation("settings");
  const errorId = useId();
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      className="min-w-0 space-y-2"
      data-testid={testId}
    >
      <legend className="text-sm font-medium text-gray-800">{t("form.channel")}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {ALERT_CHANNELS.map((channel) => (
          <label
            key={channel}
            className="inline-flex min-h-10 cursor-pointer items-center gap-2 text-sm text-gray-800"
          >
            <input
              type="radio"
              name={name}
              value={channel}
              checked={value === channel}
              onChange={() => onChange(channel)}
              className="size-4 accent-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
            />
            {t(`channels.${channel}`)}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-600">
          * {error}
        </p>
      ) : null}
    </fieldset>
  );
}
