/** Spec §2 lists /organizations/{id}/headers beside /organizations/{id}: the same page. */
export { default } from "./organizations.detail";
