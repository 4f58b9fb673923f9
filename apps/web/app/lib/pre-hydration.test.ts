import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { HYDRATED, PRE_HYDRATION_SCRIPT, takeEarlyInput } from "./pre-hydration";

/** Clicks a link and reads the href the browser would follow (navigation itself is stopped). */
function follow(link: HTMLAnchorElement): string | null {
  const stop = (e: Event) => e.preventDefault();
  document.addEventListener("click", stop);
  link.click();
  document.removeEventListener("click", stop);
  return link.getAttribute("href");
}

function languageLink(href: string): HTMLAnchorElement {
  const a = document.createElement("a");
  a.setAttribute("href", href);
  a.setAttribute("data-keep-query", "");
  a.innerHTML = "<span>English</span>";
  document.body.append(a);
  return a;
}

describe("the script a prerendered page runs before React takes over", () => {
  beforeAll(() => {
    // As the inline <script> does in the page.
    new Function(PRE_HYDRATION_SCRIPT)();
  });
  afterEach(() => {
    document.documentElement.removeAttribute(HYDRATED);
    document.body.innerHTML = "";
    window.history.replaceState(null, "", "/");
  });

  it("adds the page's query to the language link clicked before hydration", () => {
    window.history.replaceState(null, "", "/en/login?next=%2Fverifications");
    const link = languageLink("/login");
    // The click lands on the text inside the link.
    const stop = (e: Event) => e.preventDefault();
    document.addEventListener("click", stop);
    link.querySelector("span")?.click();
    document.removeEventListener("click", stop);
    expect(link.getAttribute("href")).toBe("/login?next=%2Fverifications");
  });

  it("leaves the link alone once React has taken over, or when it has its own query", () => {
    window.history.replaceState(null, "", "/en/login?next=%2Fverifications");
    document.documentElement.setAttribute(HYDRATED, "");
    expect(follow(languageLink("/login"))).toBe("/login");
    document.documentElement.removeAttribute(HYDRATED);
    expect(follow(languageLink("/login?next=%2Fcontacts"))).toBe("/login?next=%2Fcontacts");
  });

  it("holds a form's submit until hydration", () => {
    const form = document.createElement("form");
    document.body.append(form);
    const before = new Event("submit", { cancelable: true });
    form.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(true);
    document.documentElement.setAttribute(HYDRATED, "");
    const after = new Event("submit", { cancelable: true });
    form.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });

  it("keeps what is typed in a form with an id, and a held submit with the form marked busy", () => {
    const form = document.createElement("form");
    form.id = "login-form";
    form.innerHTML =
      '<input name="username"><input name="password" type="password"><input name="keep" type="checkbox"><button type="submit">Go</button>';
    document.body.append(form);
    const [username, password, keep] = [...form.querySelectorAll("input")];
    if (!username || !password || !keep) throw new Error("inputs missing");
    username.value = "somchai@example.com";
    username.dispatchEvent(new Event("input", { bubbles: true }));
    keep.checked = true;
    keep.dispatchEvent(new Event("change", { bubbles: true }));
    // Filled without an event (autofill): read from the form when it is submitted.
    password.value = "secret123";
    const submit = new Event("submit", { cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(form.getAttribute("aria-busy")).toBe("true");

    expect(takeEarlyInput("login-form")).toEqual({
      values: { username: "somchai@example.com", password: "secret123", keep: true },
      submit: true,
    });
    // Taken once: the busy mark goes, and nothing is replayed twice.
    expect(form.hasAttribute("aria-busy")).toBe(false);
    expect(takeEarlyInput("login-form")).toBeNull();
  });

  it("keeps nothing once React has taken over", () => {
    const form = document.createElement("form");
    form.id = "forgot-form";
    form.innerHTML = '<input name="username">';
    document.body.append(form);
    document.documentElement.setAttribute(HYDRATED, "");
    const input = form.querySelector("input");
    if (!input) throw new Error("input missing");
    input.value = "late";
    input.dispatchEvent(new Event("input", { bubbles: true }));
    expect(takeEarlyInput("forgot-form")).toBeNull();
  });
});
