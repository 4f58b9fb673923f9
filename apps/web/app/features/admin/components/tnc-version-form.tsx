import { TNC_CHANGE_NOTE_MAX, ZTncChangeNote, ZTncVersion } from "@sms/domain/contracts/admin";
import { formatDateTime } from "@sms/domain/rules/format";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import { Button, Textarea, TextInput } from "~/components/form";
import { useLocale } from "~/lib/locale";
import { useAdminSettings } from "../api/get-settings";
import { useUpdateTncVersion } from "../api/update-tnc-version";
import { errorText } from "../lib/error-text";
import { LoadState } from "./load-state";

/**
 * Publishes a terms version (tnc_version) with what changed in it, which customers read in the
 * re-acceptance dialog (review D69); users accept the terms again, so it is confirmed first.
 */
export function TncVersionForm() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const settings = useAdminSettings();
  const update = useUpdateTncVersion();
  const [text, setText] = useState("");
  const [note, setNote] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [noteError, setNoteError] = useState<string | undefined>();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (settings.isPending || settings.isError) return <LoadState query={settings} />;

  const current = settings.data;
  return (
    <div className="space-y-3">
      <p className="text-gray-800" data-testid="tnc-current">
        {t("settings.tncCurrent", { version: current.tnc_version })}
        {current.tnc_updated_at ? (
          <span className="block text-sm text-gray-500">
            {t("settings.tncUpdated", { date: formatDateTime(new Date(current.tnc_updated_at), locale) })}
          </span>
        ) : null}
      </p>
      <form
        noValidate
        className="flex max-w-xl flex-col items-start gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = ZTncVersion.safeParse(text);
          const parsedNote = ZTncChangeNote.safeParse(note);
          setNoteError(parsedNote.success ? undefined : parsedNote.error.issues[0]?.message);
          if (!parsed.success) {
            setFieldError(parsed.error.issues[0]?.message);
            return;
          }
          if (parsed.data === current.tnc_version) {
            setFieldError(t("settings.tncSame"));
            return;
          }
          setFieldError(undefined);
          if (!parsedNote.success) return;
          setError(null);
          setPending(parsed.data);
        }}
      >
        <TextInput
          label={t("settings.tncNew")}
          isRequired
          value={text}
          onChange={setText}
          maxLength={20}
          error={fieldError}
          className="w-full max-w-xs"
          data-testid="tnc-version"
        />
        <Textarea
          label={t("settings.tncNote")}
          description={t("settings.tncNoteHelp")}
          value={note}
          onChange={setNote}
          maxLength={TNC_CHANGE_NOTE_MAX}
          rows={3}
          error={noteError}
          className="w-full"
          data-testid="tnc-note"
        />
        <Button type="submit">{t("settings.tncSubmit")}</Button>
      </form>
      <ConfirmDialog
        isOpen={pending !== null}
        onCancel={() => setPending(null)}
        title={t("settings.tncConfirmTitle", { version: pending ?? "" })}
        body={
          note.trim()
            ? `${t("settings.tncConfirmBody")} ${t("settings.tncConfirmNote", { note: note.trim() })}`
            : t("settings.tncConfirmBody")
        }
        cancelLabel={t("common.cancel")}
        confirmTestId="confirm"
        variant="primary"
        confirmLabel={t("settings.tncSubmit")}
        isPending={update.isPending}
        error={error}
        onConfirm={async () => {
          if (!pending) return;
          try {
            await update.mutateAsync({ tnc_version: pending, change_note: note.trim() });
            toast.success(t("settings.tncSaved", { version: pending }));
            setPending(null);
            setText("");
            setNote("");
          } catch (e) {
            setError(errorText(e, t("common.loadError")));
          }
        }}
      />
    </div>
  );
}
