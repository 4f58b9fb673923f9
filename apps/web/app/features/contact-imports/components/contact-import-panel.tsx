import type { TContactImport } from "@sms/domain/contracts/contact-imports";
import { formatNumber } from "@sms/domain/rules/format";
import { useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "~/components/form";
import { SectionCard } from "~/components/layout/section-card";
import { isApiError } from "~/lib/api-client";
import { type ImportDecision, useDecideImport } from "../api/decide-import";
import { useCurrentImport } from "../api/get-current-import";
import { useImport } from "../api/get-import";
import { CONTACT_GROUPS_KEY, currentImportKey, importKey } from "../api/keys";
import { readDismissed, rememberDismissed } from "../lib/dismissed";
import { ImportPreview } from "./import-preview";
import { UploadForm } from "./upload-form";

export interface ContactImportPanelProps {
  groupId: number;
}

/** Status text for the live region: what a screen reader hears as the import moves on. */
function statusText(imp: TContactImport, t: TFunction<"contact-imports">): string {
  switch (imp.status) {
    case "parsing":
      return t("progress.parsing", { name: imp.file_name, rows: formatNumber(imp.processed_rows) });
    case "preview":
      return t("preview.title");
    case "importing":
      return t("progress.importing", { count: imp.valid_rows });
    case "completed":
      return t("done.summary", { count: imp.imported_rows });
    case "failed":
      return t("done.failedTitle");
    case "cancelled":
      return t("done.cancelled");
  }
}

/** While the file is read (rows so far, total unknown) or the valid rows are inserted. */
function Running({ imp }: { imp: TContactImport }) {
  const { t } = useTranslation("contact-imports");
  const parsing = imp.status === "parsing";
  return (
    <div className="space-y-2">
      <progress
        className="h-2 w-full"
        aria-label={t(parsing ? "progress.parsingLabel" : "progress.importingLabel")}
        aria-valuetext={statusText(imp, t)}
      />
      <p className="text-sm text-gray-700" aria-hidden="true">
        {statusText(imp, t)}
      </p>
      <p className="text-sm text-gray-500">{t("progress.closeHint")}</p>
    </div>
  );
}

function Finished({ imp, onAgain }: { imp: TContactImport; onAgain: () => void }) {
  const { t } = useTranslation("contact-imports");
  const completed = imp.status === "completed";
  return (
    <div className="space-y-2" data-testid="import-finished">
      <h3 className={`font-semibold ${completed ? "text-emerald-800" : "text-red-700"}`}>
        {t(completed ? "done.title" : "done.failedTitle")}
      </h3>
      {completed ? (
        <>
          <p className="text-sm text-gray-800">
            {t("done.summary", { count: formatNumber(imp.imported_rows) })}
          </p>
          <p className="text-sm text-gray-600">
            {t("done.skipped", {
              invalid: formatNumber(imp.invalid_rows),
              duplicate: formatNumber(imp.duplicate_rows),
              existing: formatNumber(imp.existing_rows),
            })}
          </p>
        </>
      ) : (
        <p className="text-sm text-red-700">{imp.error}</p>
      )}
      <Button variant="light-primary" onClick={onAgain}>
        {t("done.again")}
      </Button>
    </div>
  );
}

/**
 * Importing a CSV/XLSX file into a contact group (issue 11 point 2), on the group's page: choose
 * and upload the file (with progress), follow its reading, check the preview (counts, examples,
 * invalid rows to correct), then continue or skip. The group's current import is loaded on mount,
 * so an import goes on being shown after the tab was closed and opened again.
 */
export function ContactImportPanel({ groupId }: ContactImportPanelProps) {
  const { t } = useTranslation("contact-imports");
  const client = useQueryClient();
  const current = useCurrentImport(groupId);
  const [startedId, setStartedId] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(() => readDismissed(groupId));
  const fromServer = current.data && current.data.id !== dismissed ? current.data : undefined;
  const shownId = startedId ?? fromServer?.id ?? null;
  const imp = useImport(shownId, startedId ? undefined : fromServer);
  const shown = shownId ? imp.data : undefined;
  const decide = useDecideImport(shownId ?? "");
  const [deciding, setDeciding] = useState<"confirm" | "cancel" | null>(null);

  // Announce and refresh once, when an import this page was following completes.
  const lastStatus = useRef<string | undefined>(undefined);
  useEffect(() => {
    const status = shown?.status;
    if (status === "completed" && lastStatus.current && lastStatus.current !== "completed") {
      toast.success(t("done.toast", { count: shown?.imported_rows ?? 0 }));
      void client.invalidateQueries({ queryKey: CONTACT_GROUPS_KEY });
    }
    lastStatus.current = status;
  }, [shown?.status, shown?.imported_rows, client, t]);

  const startAgain = () => {
    if (shownId) {
      rememberDismissed(groupId, shownId);
      setDismissed(shownId);
    }
    setStartedId(null);
    lastStatus.current = undefined;
    void client.invalidateQueries({ queryKey: currentImportKey(groupId) });
  };

  const onUploaded = (started: TContactImport) => {
    client.setQueryData(importKey(started.id), started);
    lastStatus.current = started.status;
    setStartedId(started.id);
  };

  const onDecide = (choice: ImportDecision) => {
    setDeciding(choice.decision);
    decide.mutate(choice, {
      onSuccess: (result) => {
        if (result.status === "cancelled") {
          toast.success(t("done.cancelled"));
          startAgain();
        }
      },
      onError: (e) => toast.error(isApiError(e) ? e.message : t("errors.general")),
      onSettled: () => setDeciding(null),
    });
  };

  let body: React.ReactNode;
  if (current.isPending && !startedId) body = <p className="text-sm text-gray-600">{t("panel.loading")}</p>;
  else if (!shown || shown.status === "cancelled")
    body = <UploadForm groupId={groupId} onUploaded={onUploaded} />;
  else if (shown.status === "parsing" || shown.status === "importing") body = <Running imp={shown} />;
  else if (shown.status === "preview")
    body = <ImportPreview imp={shown} onDecide={onDecide} deciding={deciding} />;
  else body = <Finished imp={shown} onAgain={startAgain} />;

  return (
    <SectionCard
      headingId="contact-import-title"
      title={t("panel.title")}
      intro={t("panel.intro")}
      compact
      data-testid="contact-import-panel"
    >
      <p role="status" aria-live="polite" className="sr-only">
        {shown ? statusText(shown, t) : ""}
      </p>
      {body}
    </SectionCard>
  );
}
