/**
 * The marketing feature's only door for the prerendered pages. Build-time data comes through
 * index.server.ts instead, so that it never reaches a client bundle.
 */
export { AnnouncementBar } from "./components/announcement-bar";
export { ConsentSettings } from "./components/consent-settings";
export { ContactForm } from "./components/contact-form";
export { CookieConsent } from "./components/cookie-consent";
export { type FaqItem, FaqList } from "./components/faq-list";
export { Footer } from "./components/footer";
export { Header } from "./components/header";
export { Check, Line, Phone } from "./components/icons";
export { PackageCards } from "./components/package-cards";
export {
  Blocks,
  container,
  type DocContent,
  DocPage,
  FreeTrialBand,
  offscreen,
  PageHeader,
  primaryButton,
  prose,
  secondaryButton,
} from "./components/page";
export { ServicePage } from "./components/service-page";
export { SmsCalculator } from "./components/sms-calculator";
export { CONSENT_COOKIE, CONSENT_MAX_AGE_DAYS } from "./consent";
export { HOME_CONTENT } from "./content/home";
export { SERVICES } from "./content/services";
export { TERMS_CONTENT } from "./content/terms";
/** The pages' one enhancement script, built as its own bundle (docs/decisions/0003-marketing-js-budget.md). */
export { default as enhanceScriptUrl } from "./enhance/marketing-enhance.ts?worker&url";
export { formatPerSms, lowestPricePerSmsSatang } from "./format";
export { KeepWords } from "./keep-words";
export { hrefOf, SERVICE_KEYS } from "./nav";
export { marketingMeta } from "./seo";
export { SITE, telHref } from "./site";
