import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DELIVERY_STATUS_CATALOGUE,
  PENDING_DELIVERY_STATUS,
  resolveDeliveryStatus,
} from "./delivery-status.ts";
import {
  SIMULATOR_OUTCOME_RULES,
  SIMULATOR_OUTCOME_SCHEME,
  type SimulatorOutcome,
  simulatorOutcome,
} from "./simulator-outcomes.ts";

/** What a message ends as: the submit answer when not accepted, else the report, else still state 0. */
function finalPair(outcome: SimulatorOutcome): { state: number; code: string | null } {
  if (outcome.submit !== "accepted") return outcome.submit;
  return outcome.receipt ?? { state: 0, code: null };
}

describe("simulatorOutcome", () => {
  it.each(DELIVERY_STATUS_CATALOGUE.map((entry) => [entry.key, entry] as const))(
    "reaches %s",
    (_key, entry) => {
      const rule = SIMULATOR_OUTCOME_RULES.find(
        (r) => r.state === (entry.state ?? 0) && r.code === entry.code,
      );
      expect(rule).toBeDefined();
      for (const msisdn of [
        rule?.example ?? "",
        `66${rule?.example.slice(1)}`,
        `+66${rule?.example.slice(1)}`,
      ]) {
        const { state, code } = finalPair(simulatorOutcome(msisdn));
        expect(resolveDeliveryStatus(state, code)).toBe(entry);
      }
    },
  );

  it("sends state 1 only as the submit answer and states 2 and 3 only as reports", () => {
    for (const rule of SIMULATOR_OUTCOME_RULES) {
      const { submit, receipt } = rule.outcome;
      if (rule.state === 1) {
        expect(submit).toEqual({ state: 1, code: rule.code });
        expect(receipt).toBeNull();
      } else {
        expect(submit).toBe("accepted");
        expect(receipt).toEqual(rule.state === 0 ? null : { state: rule.state, code: rule.code });
      }
    }
  });

  it("delivers ordinary numbers", () => {
    for (const msisdn of [
      "0812345678",
      "66812345678",
      "+66 81 234 5678",
      "0899999999",
      "0819940000",
      "0812990",
      "",
    ]) {
      expect(simulatorOutcome(msisdn)).toEqual({ submit: "accepted", receipt: { state: 3, code: "000" } });
    }
  });

  it("delivers every number whose last six digits are not 99, a state 0-3 and a code", () => {
    const digits = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 9, maxLength: 11 });
    fc.assert(
      fc.property(
        digits.filter((d) => !/99[0-3]\d{3}$/.test(d)),
        (msisdn) => {
          expect(finalPair(simulatorOutcome(msisdn))).toEqual({ state: 3, code: "000" });
        },
      ),
    );
  });

  it("produces pairs outside the catalogue on purpose, which show as checking status", () => {
    expect(simulatorOutcome("0812993999")).toEqual({
      submit: "accepted",
      receipt: { state: 3, code: "999" },
    });
    expect(simulatorOutcome("0812991777")).toEqual({ submit: { state: 1, code: "777" }, receipt: null });
    expect(resolveDeliveryStatus(3, "999")).toBe(PENDING_DELIVERY_STATUS);
  });
});

describe("SIMULATOR_OUTCOME_RULES", () => {
  it("has one rule per catalogue pair with a unique suffix, a local example and a description", () => {
    expect(SIMULATOR_OUTCOME_RULES).toHaveLength(DELIVERY_STATUS_CATALOGUE.length);
    expect(new Set(SIMULATOR_OUTCOME_RULES.map((rule) => rule.suffix)).size).toBe(
      SIMULATOR_OUTCOME_RULES.length,
    );
    for (const rule of SIMULATOR_OUTCOME_RULES) {
      expect(rule.example).toMatch(/^0[689]\d{8}$/);
      expect(rule.example.endsWith(rule.suffix)).toBe(true);
      expect(rule.description).toContain(rule.label.en);
      expect(simulatorOutcome(rule.example)).toEqual(rule.outcome);
    }
  });

  it("documents the scheme with a worked example that holds", () => {
    expect(SIMULATOR_OUTCOME_SCHEME).toContain("081-299-3305");
    expect(finalPair(simulatorOutcome("081-299-3305"))).toEqual({ state: 3, code: "305" });
    expect(resolveDeliveryStatus(3, "305").blocksMarketing).toBe(true);
  });
});
