/** What a page that hydrates does before React has taken over (`data-hydrated` on <html>). */
export const HYDRATED = "data-hydrated";
/**
 * Prerendered auth forms are on screen before their code: a submit then would be the browser's
 * own (a GET with the password in the URL), so it waits until React has taken over.
 */
const SUBMIT_GUARD = `document.addEventListener("submit",function(e){if(!document.documentElement.hasAttribute("${HYDRATED}"))e.preventDefault()},true)`;
/**
 * A prerendered page's language link was rendered without the query (`/login`, not
 * `/login?next=…`); clicked before React takes over, it gets the page's query and hash added, as
 * the hydrated link has them.
 */
const KEEP_QUERY = `document.addEventListener("click",function(e){if(document.documentElement.hasAttribute("${HYDRATED}"))return;var a=e.target&&e.target.closest&&e.target.closest("a[data-keep-query]");var h=a&&a.getAttribute("href");if(h&&h.indexOf("?")<0&&h.indexOf("#")<0)a.setAttribute("href",h+location.search+location.hash)},true)`;

/** The inline script of every page that hydrates (allowed by its hash in the page's CSP). */
export const PRE_HYDRATION_SCRIPT = `${SUBMIT_GUARD};${KEEP_QUERY}`;
