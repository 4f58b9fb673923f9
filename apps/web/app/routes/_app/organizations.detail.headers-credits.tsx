/** Spec §2 lists /organizations/{id}/headers-credits beside /organizations/{id}/credits: the same page. */
export { default } from "./organizations.detail.credits";
