/// <reference lib="dom" />
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

/**
 * axe-core in the browser journeys (ADR 60): the script to add to a page, the wait for a page to
 * stop loading, one audit of serious and critical findings, and their report grouped by element.
 * Used by accessibility.spec.ts (every app page) and marketing.spec.ts (the landing pages).
 */

export const AXE_SOURCE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/**
 * Adds axe and the quiet-page test to a page already loaded. Through the DevTools protocol, as
 * init scripts are: the pages' Content Security Policy refuses inline script tags, rightly.
 */
export async function injectAxe(page: Page): Promise<void> {
  await page.evaluate(readFileSync(AXE_SOURCE, "utf8"));
  await page.evaluate(QUIET_SCRIPT);
}

/**
 * Impacts that fail the check: moderate, serious and critical (minor findings are left to review).
 * A11Y_IMPACTS changes it for a local survey, e.g. `A11Y_IMPACTS=minor,moderate,serious,critical`.
 */
const FAILING = process.env.A11Y_IMPACTS?.split(",").map((i) => i.trim()) ?? [
  "moderate",
  "serious",
  "critical",
];

/** One violation on one element; the same element on several pages is reported once (see `report`). */
export type Finding = { path: string; rule: string; element: string };

/**
 * The findings grouped by rule and element: `serious color-contrast (…) at button[…] [why] on /a, /b`.
 * A shared component (the top bar) then reads as one line, not one per page.
 */
export function report(findings: Finding[]): string[] {
  const pages = new Map<string, string[]>();
  for (const f of findings) {
    const key = `${f.rule} at ${f.element}`;
    pages.set(key, [...(pages.get(key) ?? []), f.path]);
  }
  return [...pages].map(([key, paths]) => `${key} on ${paths.join(", ")}`);
}

/**
 * Whether the page has stopped loading: a heading in main, nothing marked busy, no skeleton and no
 * running finite animation (a fading toast or a dimmed table would be measured mid-way). Put in
 * every document beside axe.
 */
export const QUIET_SCRIPT = `window.__a11yQuiet = () => {
  if (!document.querySelector("main h1, main h2, [role=dialog] h2")) return false;
  if (document.querySelector('[aria-busy="true"], .animate-pulse')) return false;
  return document.getAnimations().every(
    (a) => a.effect?.getTiming().iterations === Infinity || a.playState !== "running",
  );
};`;
type QuietWindow = { __a11yQuiet: () => boolean };

/**
 * Waits until the page is quiet. A page that stays busy fails here: it is what a person who opens
 * it directly would be left with.
 */
export async function settled(page: Page, what: string) {
  await page
    .waitForFunction(() => (window as unknown as QuietWindow).__a11yQuiet(), null, {
      timeout: 10_000,
      polling: 50,
    })
    .catch(() => {
      throw new Error(`${what} did not settle in 10 s (still loading or no heading)`);
    });
}

/**
 * Settles, then audits; a run during which the page started loading again (a list refetching
 * dims its rows for a moment) is thrown away and repeated, at most three times.
 */
export async function check(page: Page, what: string): Promise<Finding[]> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await settled(page, what);
    const { findings, quiet } = await audit(page, what);
    if (quiet) return findings;
  }
  throw new Error(`${what} kept loading again while it was checked`);
}

/**
 * Runs axe on the page as it is and returns its serious and critical findings. Only the rules that
 * can report such a finding run (axe's default set less its experimental rules, 64 of 90 in axe
 * 4.14): the moderate and minor ones, `region` above all, cost about half of each run and could not
 * fail the check. The list is read from axe's own metadata (each check's impact), so a new axe
 * version brings its new rules.
 */
export async function audit(page: Page, path: string): Promise<{ findings: Finding[]; quiet: boolean }> {
  const { results, quiet } = await page.evaluate(async (failing) => {
    type Check = { metadata?: { impact?: string } };
    type Rule = {
      id: string;
      enabled: boolean;
      impact?: string;
      tags: string[];
      any: unknown[];
      all: unknown[];
      none: unknown[];
    };
    const axe = (
      window as unknown as {
        axe: {
          run: (o: RunOptions) => Promise<AxeResults>;
          _audit: { rules: Rule[]; checks: Record<string, Check> };
        };
      }
    ).axe;
    const impactOf = (rule: Rule) => [
      rule.impact,
      ...[...rule.any, ...rule.all, ...rule.none].map(
        (c) => axe._audit.checks[typeof c === "string" ? c : (c as { id: string }).id]?.metadata?.impact,
      ),
    ];
    const rules = axe._audit.rules
      .filter((r) => r.enabled !== false && !r.tags.includes("experimental"))
      .filter((r) => impactOf(r).some((impact) => impact && failing.includes(impact)))
      .map((r) => r.id);
    // Anything marked busy during the run (a refetch that starts and ends inside it) spoils it, and
    // so does the page being replaced while axe walks it: after a client-side navigation the address
    // changes a render before the new page commits, and axe's tree, read at the start, then holds
    // the old page's nodes, detached (no visible heading: a `page-has-heading-one` on a page that has one).
    const headings = [...document.querySelectorAll("main h1, main h2, [role=dialog] h2")];
    const first = document.querySelector("main")?.firstElementChild ?? null;
    let stirred = false;
    const observer = new MutationObserver(() => {
      stirred ||= document.querySelector('[aria-busy="true"]') !== null;
    });
    observer.observe(document.body, { subtree: true, childList: true, attributeFilter: ["aria-busy"] });
    const results = await axe.run({ runOnly: { type: "rule", values: rules }, resultTypes: ["violations"] });
    observer.disconnect();
    const replaced =
      headings.some((h) => !h.isConnected) ||
      (document.querySelector("main")?.firstElementChild ?? null) !== first;
    return { results, quiet: !stirred && !replaced && (window as unknown as QuietWindow).__a11yQuiet() };
  }, FAILING);
  const findings = results.violations
    .filter((v) => FAILING.includes(v.impact ?? ""))
    .flatMap((v) =>
      v.nodes.map((n) => ({
        path,
        rule: `${v.impact} ${v.id} (${v.help})`,
        // Generated ids (react-aria's) differ per page load: the element's markup names it instead.
        element: `${n.html
          .replace(/\s+/g, " ")
          .replace(/ id="[^"]*"/g, "")
          .slice(0, 160)} [${(n.failureSummary ?? "")
          .replace(/\s+/g, " ")
          .replace(/^Fix (any|all) of the following: /, "")
          .slice(0, 200)}]`,
      })),
    );
  return { findings, quiet };
}
