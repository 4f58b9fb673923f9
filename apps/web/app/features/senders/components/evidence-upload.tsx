import { UPLOAD_FILE_TYPES, UPLOAD_KINDS, uploadAccept } from "@sms/domain/contracts/files";
import { SENDER_LIMITS, type SenderDocumentKind } from "@sms/domain/contracts/senders";
import { formatFileSize } from "@sms/domain/rules/format";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField, useMessageText } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";
import { uploadEvidence } from "../api/upload-evidence";

interface Entry {
  key: string;
  name: string;
  size: number;
  state: "uploading" | "uploaded" | "error";
  id?: string;
  error?: string;
  kind?: SenderDocumentKind | undefined;
}

/** An uploaded document as the form sends it; a kind not chosen yet is left out, for the contract to refuse. */
export interface EvidenceDocumentValue {
  kind?: SenderDocumentKind;
  file_id: string;
}

interface EvidenceUploadProps {
  /** The documents the account type may give (SENDER_DOCUMENTS_FOR). */
  kinds: readonly SenderDocumentKind[];
  /** The documents uploaded so far (the form's evidence_documents). */
  onChange: (documents: EvidenceDocumentValue[]) => void;
  /** The field's message (already worded). */
  error?: string | undefined;
  /** After a submit: an uploaded document without its kind says so. */
  showErrors: boolean;
}

const KIND = UPLOAD_KINDS.sender_evidence;
const EXTENSIONS = KIND.types.flatMap((type) => UPLOAD_FILE_TYPES[type].extensions);
let sequence = 0;

/**
 * Sender evidence documents (spec §5, review D20): up to 5 files, .pdf/.png/.jpg of at most 5 MB
 * each, each with what it is (the company certificate and the director's ID card in one request).
 * Each file is checked here for its type and size, then uploaded at once with POST /c/files, where
 * the server sniffs the content; each file shows its name, size, state, its kind and its own error.
 */
export function EvidenceUpload({ kinds, onChange, error, showErrors }: EvidenceUploadProps) {
  const { t } = useTranslation("senders");
  const message = useMessageText();
  const locale = useLocale();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  // The latest list, for uploads that finish after other changes.
  const current = useRef<Entry[]>([]);

  const commit = (next: Entry[]) => {
    current.current = next;
    setEntries(next);
    onChange(
      next.flatMap((e) =>
        e.state === "uploaded" && e.id ? [e.kind ? { kind: e.kind, file_id: e.id } : { file_id: e.id }] : [],
      ),
    );
  };

  // Another account type: a document of the other type's kind must be chosen again.
  const kindList = kinds.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the offered kinds change, not on every commit.
  useEffect(() => {
    const allowed = kindList.split(",");
    if (current.current.some((e) => e.kind && !allowed.includes(e.kind)))
      commit(
        current.current.map((e) => (e.kind && !allowed.includes(e.kind) ? { ...e, kind: undefined } : e)),
      );
  }, [kindList]);
  const update = (key: string, patch: Partial<Entry>) =>
    commit(current.current.map((e) => (e.key === key ? { ...e, ...patch } : e)));

  const add = (chosen: File[]) => {
    setNotice(null);
    const live = current.current.filter((e) => e.state !== "error").length;
    const room = Math.max(0, SENDER_LIMITS.maxFiles - live);
    const taken = chosen.slice(0, room);
    const skipped = chosen.slice(room);
    if (skipped.length > 0) setNotice(t("files.tooMany", { name: skipped.map((f) => f.name).join(", ") }));
    const added: Entry[] = taken.map((file) => {
      const key = `f${++sequence}`;
      const extension = file.name.slice(file.name.lastIndexOf(".")).toLowerCase();
      if (!(EXTENSIONS as readonly string[]).includes(extension))
        return { key, name: file.name, size: file.size, state: "error", error: t("files.wrongType") };
      if (file.size > KIND.maxBytes)
        return { key, name: file.name, size: file.size, state: "error", error: t("files.tooLarge") };
      return { key, name: file.name, size: file.size, state: "uploading" };
    });
    commit([...current.current, ...added]);
    for (const [index, entry] of added.entries()) {
      const file = taken[index];
      if (entry.state !== "uploading" || !file) continue;
      uploadEvidence(file).then(
        (fileId) => update(entry.key, { state: "uploaded", id: fileId }),
        (e: unknown) =>
          update(entry.key, {
            state: "error",
            error: isApiError(e) ? (e.details[0]?.message ?? e.message) : t("files.failed"),
          }),
      );
    }
    if (input.current) input.current.value = "";
  };

  const remove = (key: string) => commit(current.current.filter((e) => e.key !== key));
  const full = entries.filter((e) => e.state !== "error").length >= SENDER_LIMITS.maxFiles;

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {t("form.files")}
      </label>
      <p id={`${id}-hint`} className="text-sm text-gray-600">
        {t("form.filesHint")}
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={uploadAccept("sender_evidence")}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        disabled={full}
        onChange={(event) => add([...(event.target.files ?? [])])}
        className="peer sr-only"
        data-testid="evidence-input"
      />
      {/* The browser's own file button speaks the browser's language; this one speaks the page's. */}
      <label
        htmlFor={id}
        className="mt-1 inline-flex cursor-pointer items-center rounded-md bg-primary-50 px-3 py-2 text-sm font-semibold text-primary-700 peer-focus-visible:outline-2 peer-focus-visible:outline-primary-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
      >
        {t("files.choose")}
      </label>
      <ul className="mt-2 space-y-2" aria-live="polite" data-testid="evidence-list">
        {entries.length === 0 ? <li className="text-sm text-gray-600">{t("files.none")}</li> : null}
        {entries.map((entry) => (
          <li
            key={entry.key}
            className="rounded-md border border-gray-200 p-2 text-sm"
            data-testid="evidence-entry"
          >
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium break-all text-gray-900">{entry.name}</span>
              <span className="text-gray-500">{formatFileSize(entry.size, locale)}</span>
              {entry.state === "uploading" ? (
                <span className="text-gray-600">{t("files.uploading")}</span>
              ) : null}
              {entry.state === "uploaded" ? (
                <span className="text-emerald-700">{t("files.uploaded")}</span>
              ) : null}
              <button
                type="button"
                onClick={() => remove(entry.key)}
                className="text-red-700 underline hover:text-red-800"
                aria-label={t("files.remove", { name: entry.name })}
              >
                ×
              </button>
            </span>
            {entry.error ? (
              <span className="block text-red-600" data-testid="evidence-file-error">
                * {entry.error}
              </span>
            ) : null}
            {entry.state === "error" ? null : (
              <div className="mt-1 max-w-sm">
                <SelectField
                  label={
                    <>
                      {t("form.documentKind")}
                      <span className="sr-only"> {entry.name}</span>
                    </>
                  }
                  value={entry.kind ?? ""}
                  onChange={(value) =>
                    update(entry.key, { kind: (value || undefined) as SenderDocumentKind })
                  }
                  options={kinds.map((kind) => ({ value: kind, label: t(`evidence.${kind}`) }))}
                  placeholder={t("form.chooseKind")}
                  isRequired
                  error={
                    showErrors && entry.state === "uploaded" && !entry.kind
                      ? message("senders.validation.document_kind_required")
                      : undefined
                  }
                  data-testid="evidence-kind"
                />
              </div>
            )}
          </li>
        ))}
      </ul>
      {notice ? <p className="mt-1 text-sm text-amber-800">{notice}</p> : null}
      <p id={`${id}-error`} className="mt-1 text-sm text-red-600 empty:hidden" data-testid="evidence-error">
        {error ? `* ${error}` : ""}
      </p>
    </div>
  );
}
