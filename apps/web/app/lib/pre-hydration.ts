import { useEffect } from "react";

/** What a page that hydrates does before React has taken over (`data-hydrated` on <html>). */
export const HYDRATED = "data-hydrated";
/** Where the inline script keeps what was typed and submitted before React took over. */
export const EARLY_INPUT = "__smsEarlyInput";

/** A form's input from before hydration, by the form's id. */
export interface EarlyInput {
  values: Record<string, string | boolean>;
  submit: boolean;
}

/**
 * Prerendered auth forms are on screen before their code. Until React has taken over:
 * - a submit would be the browser's own (a GET with the password in the URL), so it is held; the
 *   form is marked busy (`aria-busy`, styled in app.css) and the submit is remembered;
 * - what is typed in a form with an id is remembered too, because hydrating the controlled fields
 *   can put their empty initial values back.
 * The form's code takes both over once it runs (`useEarlyInput`).
 */
const FORM_GUARD = `(function(){var d=document,r=d.documentElement,s=window.${EARLY_INPUT}={};function early(f){return s[f.id]=s[f.id]||{values:{},submit:false}}function keep(el,e){if(el&&el.name&&el.type!=="submit"&&el.type!=="button"&&el.type!=="file")e.values[el.name]=el.type==="checkbox"?el.checked:el.value}function typed(ev){var t=ev.target,f=t&&t.form;if(r.hasAttribute("${HYDRATED}")||!f||!f.id)return;keep(t,early(f))}d.addEventListener("input",typed,true);d.addEventListener("change",typed,true);d.addEventListener("submit",function(ev){if(r.hasAttribute("${HYDRATED}"))return;ev.preventDefault();var f=ev.target;if(!f||!f.id)return;var e=early(f);for(var i=0;i<f.elements.length;i++)keep(f.elements[i],e);e.submit=true;f.setAttribute("aria-busy","true")},true)})()`;
/**
 * A prerendered page's language link was rendered without the query (`/login`, not
 * `/login?next=…`); clicked before React takes over, it gets the page's query and hash added, as
 * the hydrated link has them.
 */
const KEEP_QUERY = `document.addEventListener("click",function(e){if(document.documentElement.hasAttribute("${HYDRATED}"))return;var a=e.target&&e.target.closest&&e.target.closest("a[data-keep-query]");var h=a&&a.getAttribute("href");if(h&&h.indexOf("?")<0&&h.indexOf("#")<0)a.setAttribute("href",h+location.search+location.hash)},true)`;

/** The inline script of every page that hydrates (allowed by its hash in the page's CSP). */
export const PRE_HYDRATION_SCRIPT = `${FORM_GUARD};${KEEP_QUERY}`;

type EarlyStore = Record<string, EarlyInput | undefined>;

/** Reads and forgets what the inline script kept for the form `formId`; null when nothing was. */
export function takeEarlyInput(formId: string): EarlyInput | null {
  if (typeof window === "undefined") return null;
  const store = (window as unknown as Record<string, EarlyStore | undefined>)[EARLY_INPUT];
  const input = store?.[formId];
  if (!input) return null;
  delete store[formId];
  document.getElementById(formId)?.removeAttribute("aria-busy");
  return input;
}

/**
 * Once the form's code runs: puts back the values typed before hydration (`restore`, for the
 * fields the form knows), then replays a submit made before hydration. Runs once, after the first
 * render, so whatever the form fills in itself on mount (`prepare`) comes first and typing wins.
 */
export function useEarlyInput(
  formId: string,
  handlers: {
    prepare?: () => void;
    restore: (values: EarlyInput["values"]) => void;
    submit: () => void;
  },
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form first mounts.
  useEffect(() => {
    handlers.prepare?.();
    const early = takeEarlyInput(formId);
    if (!early) return;
    handlers.restore(early.values);
    if (early.submit) handlers.submit();
  }, []);
}
