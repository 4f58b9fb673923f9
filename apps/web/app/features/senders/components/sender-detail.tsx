import { formatDateTime } from "@sms/domain/rules/format";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormAlert } from "~/components/form";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useSender } from "../api/get-sender";
import { EvidenceFiles } from "./evidence-files";
import { SenderStatusBadge, SharedBadge } from "./status-badge";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm font-medium text-gray-600">{label}</dt>
      <dd className="text-gray-900">{children}</dd>
    </div>
  );
}

/** /senders/{id}: a request's details, its status and the staff's reason, and its evidence. */
export function SenderDetail({ id }: { id: number }) {
  const { t } = useTranslation("senders");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const query = useSender(id);
  const back = (
    <Link to={lp("/senders")} className="text-sm text-primary-700 underline">
      {t("detail.back")}
    </Link>
  );

  if (query.isPending && query.fetchStatus !== "idle") {
    return (
      <p aria-busy="true" className="text-sm text-gray-500">
        {t("detail.loading")}
      </p>
    );
  }
  if (query.isError || !query.data) {
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-bold text-gray-900">{t("detail.heading")}</h1>
        <FormAlert>{query.error?.message ?? t("detail.notFound")}</FormAlert>
        {back}
      </div>
    );
  }
  const s = query.data;
  const when = (value: string | null) => (value ? formatDateTime(new Date(value), locale) : "-");
  return (
    <div className="space-y-4" data-testid="sender-detail">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-gray-900">{s.name}</h1>
        <SenderStatusBadge status={s.status} />
        {s.shared ? <SharedBadge /> : null}
      </div>
      {s.status === "pending" ? <p className="text-sm text-gray-700">{t("detail.pendingNote")}</p> : null}
      <dl className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white px-4">
        <Row label={t("detail.companyName")}>{s.company_name || "-"}</Row>
        <Row label={t("detail.type")}>{t(`type.${s.type}`)}</Row>
        <Row label={t("detail.accountType")}>{t(`accountType.${s.account_type}`)}</Row>
        <Row label={t("detail.status")}>
          <SenderStatusBadge status={s.status} />
        </Row>
        {s.decision_reason ? (
          <Row label={t("detail.reason")}>
            <span className="break-words whitespace-pre-line" data-testid="decision-reason">
              {s.decision_reason}
            </span>
          </Row>
        ) : null}
        <Row label={t("detail.createdAt")}>{when(s.created_at)}</Row>
        {s.decided_at ? <Row label={t("detail.decidedAt")}>{when(s.decided_at)}</Row> : null}
        {s.status === "approved" ? (
          <Row label={t("detail.lastUsedAt")}>
            {s.last_used_at ? when(s.last_used_at) : t("detail.never")}
          </Row>
        ) : null}
        <Row label={t("detail.exampleMessage")}>
          <span className="break-words whitespace-pre-line">{s.example_message || "-"}</span>
        </Row>
        <Row label={t("detail.evidence")}>
          <EvidenceFiles files={s.evidence_files} url={s.evidence_url} />
        </Row>
      </dl>
    </div>
  );
}
