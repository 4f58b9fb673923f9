import { useTranslation } from "react-i18next";
import { estimateCredits } from "../calculator-model";
import { formatCount } from "../format";

const MARK = "\u0000";

/** Puts elements where a translated sentence has {{placeholders}}, keeping each language's word order. */
function Sentence({ text, slots }: { text: string; slots: Record<string, React.ReactNode> }) {
  const parts = text.split(MARK);
  return (
    <>
      {parts.map((part, i) => {
        const slot = i % 2 === 1 ? slots[part] : null;
        return slot !== null && slot !== undefined ? <span key={part}>{slot}</span> : part;
      })}
    </>
  );
}
const marker = (name: string) => `${MARK}${name}${MARK}`;

/**
 * Credit calculator (issue 4): parts, characters and the character that forced the Thai rate,
 * from the domain SMS rules. Prerendered with an example; the enhancement script makes it live.
 */
export function SmsCalculator({ recipients = 1000 }: { recipients?: number }) {
  const { t } = useTranslation("marketing");
  const example = t("calculator.example");
  const r = estimateCredits(example, recipients);
  const value = (field: string, v: number | string) => (
    <span data-calc={field} className="font-semibold tabular-nums text-gray-950">
      {typeof v === "number" ? formatCount(v) : v}
    </span>
  );
  return (
    <form
      data-sms-calculator
      aria-labelledby="calculator-title"
      className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="calculator-title" className="text-xl font-bold text-gray-950">
        {t("calculator.heading")}
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-[1fr_12rem]">
        <div>
          <label htmlFor="calc-message" className="block text-sm font-medium text-gray-800">
            {t("calculator.message")}
          </label>
          <textarea
            id="calc-message"
            name="message"
            rows={5}
            defaultValue={example}
            className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2 text-base focus:border-primary-700 focus:outline-2 focus:outline-primary-700"
          />
        </div>
        <div>
          <label htmlFor="calc-recipients" className="block text-sm font-medium text-gray-800">
            {t("calculator.recipients")}
          </label>
          <input
            id="calc-recipients"
            name="recipients"
            type="number"
            inputMode="numeric"
            min={0}
            max={10_000_000}
            step={1}
            defaultValue={recipients}
            aria-describedby="calc-recipients-error"
            className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2 text-base focus:border-primary-700 focus:outline-2 focus:outline-primary-700 aria-invalid:border-red-700"
          />
          <p
            id="calc-recipients-error"
            data-calc-when="recipients-invalid"
            hidden
            className="mt-1 text-sm text-red-700"
          >
            {t("calculator.recipientsInvalid")}
          </p>
        </div>
      </div>
      <h3 className="mt-5 text-sm font-semibold text-gray-700">{t("calculator.result")}</h3>
      <div aria-live="polite">
        <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[
            ["length", t("calculator.length"), r.length],
            ["perPart", t("calculator.perPart"), r.perPart],
            ["parts", t("calculator.parts"), r.parts],
            ["credits", t("calculator.credits"), r.credits],
          ].map(([field, label, v]) => (
            <div key={field} className="rounded-lg bg-gray-50 p-3">
              <dt className="text-sm text-gray-700">{label}</dt>
              <dd className="mt-1 text-2xl">{value(String(field), v as number)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-gray-700">
          {t("calculator.encoding")}:{" "}
          <span data-calc-when="unicode" hidden={!r.unicode} className="font-medium text-gray-950">
            {t("calculator.unicode")}
          </span>
          <span data-calc-when="single-byte" hidden={r.unicode} className="font-medium text-gray-950">
            {t("calculator.singleByte")}
          </span>
        </p>
        <p
          data-calc-when="unicode"
          hidden={!r.unicode}
          className="mt-2 rounded-md bg-secondary-100 px-3 py-2 text-sm text-gray-900"
        >
          <Sentence
            text={t("calculator.forcing", { char: marker("char"), position: marker("position") })}
            slots={{
              char: (
                <mark
                  data-calc="forcingChar"
                  className="rounded bg-secondary-300 px-1 font-semibold text-gray-950"
                >
                  {r.forcingChar ?? ""}
                </mark>
              ),
              position: value("forcingPosition", r.forcingPosition ?? 0),
            }}
          />
        </p>
        <p
          data-calc-when="single-byte"
          hidden={r.unicode}
          className="mt-2 rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-900"
        >
          {t("calculator.noForcing")}
        </p>
        <p className="mt-2 text-sm text-gray-700">
          <Sentence
            text={t("calculator.remaining", { count: marker("count") })}
            slots={{ count: value("remaining", r.remaining) }}
          />
        </p>
      </div>
    </form>
  );
}
