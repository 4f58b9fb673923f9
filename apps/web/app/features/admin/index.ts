export { useContactSubmissions } from "./api/list-contact-submissions";
export { ADMIN_ROLE, AdminOnly } from "./components/admin-only";
export { BackofficeNav } from "./components/backoffice-nav";
export { ContactSubmissionsTable } from "./components/contact-submissions-table";
