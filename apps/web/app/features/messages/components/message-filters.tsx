import { MESSAGE_STATUSES, MESSAGE_TYPES, MESSAGES_MAX_DAYS } from "@sms/domain/contracts/campaigns";
import { useTranslation } from "react-i18next";
import { ReportFilters } from "~/components/table";
import { useLocale } from "~/lib/locale";
import { statusLabel } from "./message-status-chip";

type MessageFilter = "start" | "end" | "phone" | "status" | "type";

export interface MessageFiltersProps {
  /** The applied filters (useListParams().filters). */
  values: Partial<Record<MessageFilter, string>>;
  /** useListParams().setFilters. */
  setFilters: (filters: Partial<Record<MessageFilter, string | undefined>>) => void;
  /** Date and 24 h time instead of whole days. */
  withTime?: boolean;
}

/**
 * The filters over a list of messages, the same on the sent messages list and the messages report:
 * a period of at most MESSAGES_MAX_DAYS, the phone number, the status (the domain's labels) and the
 * type.
 */
export function MessageFilters({ values, setFilters, withTime = false }: MessageFiltersProps) {
  const { t } = useTranslation("messages");
  const locale = useLocale();
  return (
    <ReportFilters
      values={values}
      onApply={(applied) =>
        setFilters({
          start: applied.start,
          end: applied.end,
          phone: applied.phone,
          status: applied.status,
          type: applied.type,
        })
      }
      maxSpanDays={MESSAGES_MAX_DAYS}
      withTime={withTime}
      phone
      statuses={MESSAGE_STATUSES.map((status) => ({
        value: status,
        label: statusLabel(status, locale),
      }))}
      types={MESSAGE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
    />
  );
}
