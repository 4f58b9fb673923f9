import { DELIVERY_STATUS_CATALOGUE, type LocalisedLabel } from "./delivery-status.ts";

export type SimulatorSubmit = "accepted" | { state: 1; code: string };

export interface SimulatorOutcome {
  /** The answer to the submit: accepted, or a state-1 pair (1/000 "processing", the rest rejections). */
  submit: SimulatorSubmit;
  /** The delivery report that follows (state 2 network-side, state 3 handset), or null when none ever comes. */
  receipt: { state: number; code: string } | null;
}

export interface SimulatorOutcomeRule {
  /** The recipient's last six digits. */
  suffix: string;
  /** A local number that gets this outcome. */
  example: string;
  /** The (state, code) the message ends with, as in the catalogue; code null for state 0. */
  state: number;
  code: string | null;
  outcome: SimulatorOutcome;
  /** English, for docs: what the simulator does. */
  description: string;
  label: LocalisedLabel;
}

/**
 * A recipient whose last six digits are `99`, a state digit S (0–3) and a three-digit code CCC ends
 * with the pair (S, CCC): S 0 is accepted with no report, S 1 is the submit answer, S 2 and 3 are
 * accepted and then reported. Any other number is accepted and delivered (3/000). A pair outside the
 * catalogue is produced as well, so a tester can see "checking status".
 */
export const SIMULATOR_OUTCOME_SCHEME =
  "The simulator picks an outcome from the recipient's last six digits. `99` + state S (0–3) + three-digit gateway code CCC " +
  "gives the pair (S, CCC): state 0 is accepted and never reported (stays processing); state 1 is the answer to the submit " +
  "(1/000 processing with no report, any other code a rejection); states 2 and 3 are accepted, then reported with that pair. " +
  "Codes outside the catalogue are produced as well and show as checking status. Every other number is accepted and delivered (3/000). " +
  "Example: 081-299-3305 ends with 3/305, number blocks marketing.";

const OUTCOME_SUFFIX = /99([0-3])(\d{3})$/;

const DELIVERED: SimulatorOutcome = { submit: "accepted", receipt: { state: 3, code: "000" } };

/** The simulator's outcome for a recipient (any form: `66…`, `0…`, `+66…`); see SIMULATOR_OUTCOME_SCHEME. */
export function simulatorOutcome(msisdn: string): SimulatorOutcome {
  const match = OUTCOME_SUFFIX.exec(msisdn.replace(/\D/g, ""));
  if (!match) return DELIVERED;
  const state = Number(match[1]);
  const code = match[2] ?? "000";
  if (state === 0) return { submit: "accepted", receipt: null };
  if (state === 1) return { submit: { state: 1, code }, receipt: null };
  return { submit: "accepted", receipt: { state, code } };
}

function describeOutcome(state: number, code: string | null, en: string): string {
  if (state === 0) return `Accepted, no delivery report ever comes: stays processing (${en}).`;
  if (state === 1 && code === "000")
    return `Submit answered 1/000, no delivery report: stays processing (${en}).`;
  if (state === 1) return `Submit rejected with 1/${code}: ${en}.`;
  return `Accepted, then reported ${state}/${code}: ${en}.`;
}

/** One rule per catalogue pair (spec §4), in catalogue order: the documented table. */
export const SIMULATOR_OUTCOME_RULES: readonly SimulatorOutcomeRule[] = DELIVERY_STATUS_CATALOGUE.map(
  (entry) => {
    const state = entry.state ?? 0;
    const suffix = `99${state}${entry.code ?? "000"}`;
    return {
      suffix,
      example: `0812${suffix}`,
      state,
      code: entry.code,
      outcome: simulatorOutcome(suffix),
      description: describeOutcome(state, entry.code, entry.label.en),
      label: entry.label,
    };
  },
);
