/**
 * The only script of the prerendered marketing pages (docs/decisions/0003-marketing-js-budget.md):
 * the pages are complete HTML; this adds menus, the consent banner, the announcement bar, the
 * calculator, the contact form, the live price list and the language cookie.
 */
import { initAnnouncement } from "./announcement";
import { initCalculator } from "./calculator";
import { initConsent } from "./consent";
import { initContactForm } from "./contact-form";
import { initMenus } from "./menus";
import { initPackages } from "./packages";
import { initLocaleSwitch, initSessionLinks } from "./session-links";

initMenus(document);
initLocaleSwitch(document);
initSessionLinks(document, window.localStorage);
initConsent(document);
initAnnouncement(document, { storage: window.localStorage });
initCalculator(document);
initContactForm(document);
void initPackages(document);
