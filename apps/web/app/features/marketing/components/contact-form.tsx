import type { DomainMessageKey } from "@sms/domain/catalogue";
import { CONTACT_TOPICS } from "@sms/domain/contracts/marketing";
import type { Locale } from "@sms/domain/routes";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { hrefOf } from "../nav";

export const CONTACT_ENDPOINT = "/api/v1/c/contact-us";

const input =
  "mt-1 w-full rounded-md border border-gray-300 px-3 py-2.5 text-base focus:border-primary-700 focus:outline-2 focus:outline-primary-700 aria-[invalid=true]:border-red-600";

/** Every message the browser check can give (contactFormIssues). */
const CONTACT_FORM_MESSAGES = [
  "validation.required",
  "validation.name_markup",
  "validation.phone_min_length",
  "marketing.validation.name_too_long",
  "marketing.validation.email_invalid",
  "marketing.validation.company_too_long",
  "marketing.validation.topic_invalid",
  "marketing.validation.message_too_short",
  "marketing.validation.message_too_long",
] as const satisfies readonly DomainMessageKey[];

/**
 * The texts of those messages in the page's language: the enhancement script carries no catalogue
 * (docs/decisions/0003).
 */
function contactMessages(t: TFunction<"domain">): string {
  return JSON.stringify(Object.fromEntries(CONTACT_FORM_MESSAGES.map((key) => [key, t(key)])));
}

function Field({
  name,
  label,
  required,
  typingHint,
  children,
}: {
  name: string;
  label: string;
  required?: boolean;
  /** Shown by the script when it blocks a typed character (e-mail: spec §5 permitted set). */
  typingHint?: string;
  children: (props: {
    id: string;
    "aria-describedby": string;
    name: string;
    required?: boolean;
  }) => React.ReactNode;
}) {
  const { t } = useTranslation("marketing");
  const id = `contact-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
        {required ? (
          // The app forms' red asterisk (spec §5); `required` on the control tells assistive technology.
          <span aria-hidden="true" className="ms-0.5 text-red-600">
            *
          </span>
        ) : (
          <span className="font-normal text-gray-600"> {t("contact.optional")}</span>
        )}
      </label>
      {children({ id, "aria-describedby": `${id}-error`, name, ...(required ? { required: true } : {}) })}
      {typingHint ? (
        <p
          id={`${id}-hint`}
          data-hint-for={name}
          data-hint={typingHint}
          aria-live="polite"
          className="mt-1 text-sm text-amber-800 empty:hidden"
        />
      ) : null}
      {/* "* message" below the field, as FieldError of the app forms; filled by the script. */}
      <p id={`${id}-error`} data-error-for={name} hidden className="mt-1 text-sm text-red-600" />
    </div>
  );
}

/**
 * Contact-us form (issue 4). Posted as JSON by the enhancement script; the server validates,
 * stores and e-mails it. `website` is a honeypot hidden from people and assistive technology.
 */
export function ContactForm({ locale }: { locale: Locale }) {
  const { t, i18n } = useTranslation("marketing");
  return (
    <form
      action={CONTACT_ENDPOINT}
      method="post"
      noValidate
      data-contact-form
      data-success={t("contact.success")}
      data-failed={t("contact.failed")}
      data-fix-errors={t("contact.fixErrors")}
      data-messages={contactMessages(i18n.getFixedT(locale, "domain"))}
      aria-labelledby="contact-form-title"
      className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="contact-form-title" className="text-xl font-bold text-gray-950">
        {t("contact.formTitle")}
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field name="name" label={t("contact.name")} required>
          {(p) => <input {...p} type="text" autoComplete="name" maxLength={100} className={input} />}
        </Field>
        <Field
          name="email"
          label={t("contact.email")}
          required
          typingHint={t("form.emailEnglishOnly", { ns: "ui" })}
        >
          {(p) => (
            <input
              {...p}
              type="email"
              autoComplete="email"
              maxLength={254}
              data-filter="email"
              className={input}
            />
          )}
        </Field>
        <Field name="phone" label={t("contact.phone")}>
          {(p) => (
            <input {...p} type="tel" autoComplete="tel" inputMode="tel" maxLength={16} className={input} />
          )}
        </Field>
        <Field name="company" label={t("contact.company")}>
          {(p) => <input {...p} type="text" autoComplete="organization" maxLength={150} className={input} />}
        </Field>
        <div className="sm:col-span-2">
          <Field name="topic" label={t("contact.topic")} required>
            {(p) => (
              <select {...p} defaultValue="" className={`${input} bg-white`}>
                <option value="" disabled>
                  {t("contact.choose")}
                </option>
                {CONTACT_TOPICS.map((topic) => (
                  <option key={topic} value={topic}>
                    {t(`contact.topics.${topic}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field name="message" label={t("contact.message")} required>
            {(p) => <textarea {...p} rows={5} maxLength={2000} className={input} />}
          </Field>
        </div>
      </div>
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">{t("contact.honeypot")}</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <p className="mt-4 text-sm text-gray-700">
        {t("contact.privacy")}{" "}
        <a
          href={hrefOf("clients.privacy-notices", locale)}
          className="font-medium text-primary-700 underline"
        >
          {t("contact.privacyLink")}
        </a>
      </p>
      <div className="mt-5 flex flex-wrap items-center gap-4">
        <button
          type="submit"
          data-sending={t("contact.sending")}
          className="inline-flex min-h-12 items-center justify-center rounded-md bg-primary-700 px-6 font-semibold text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700 disabled:opacity-60"
        >
          {t("contact.submit")}
        </button>
      </div>
      <p
        role="status"
        data-form-status
        hidden
        className="mt-4 rounded-md px-4 py-3 text-sm font-medium data-[kind=error]:bg-primary-50 data-[kind=error]:text-primary-800 data-[kind=success]:bg-green-50 data-[kind=success]:text-green-800"
      />
    </form>
  );
}
