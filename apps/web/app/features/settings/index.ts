/**
 * The settings feature's only door (issue 15 points 4–5): the organization's alerts, and the
 * account pages around them (the in-app contact form, the terms page's facts, "not available").
 */
export { AlertSettings } from "./components/alert-settings";
export { ConsentWording } from "./components/consent-wording";
export { ContactUsForm } from "./components/contact-us-form";
export { NotAvailable } from "./components/not-available";
export { SupportChannels } from "./components/support-channels";
export { TermsAcceptance } from "./components/terms-acceptance";
