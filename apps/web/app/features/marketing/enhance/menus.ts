/**
 * Header dropdowns and the mobile menu are native <details> disclosures (keyboard accessible with
 * no script). This adds what a menu needs on top: Escape closes and returns focus, a click outside
 * or moving focus away closes, and opening one group closes the others.
 */
export function initMenus(doc: Document): void {
  const groups = Array.from(doc.querySelectorAll<HTMLDetailsElement>("details[data-disclosure]"));
  if (groups.length === 0) return;
  const closeAll = (except?: HTMLDetailsElement) => {
    for (const g of groups) if (g !== except && g.open && !g.contains(except ?? null)) g.open = false;
  };
  for (const group of groups) {
    group.addEventListener("toggle", () => {
      if (group.open) closeAll(group);
    });
    group.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !group.open) return;
      event.stopPropagation();
      group.open = false;
      group.querySelector<HTMLElement>("summary")?.focus();
    });
    group.addEventListener("focusout", (event) => {
      const next = event.relatedTarget as Node | null;
      if (next && !group.contains(next) && group.dataset.disclosure === "dropdown") group.open = false;
    });
  }
  doc.addEventListener("click", (event) => {
    const target = event.target as Node;
    for (const g of groups) if (g.open && !g.contains(target)) g.open = false;
  });
}
