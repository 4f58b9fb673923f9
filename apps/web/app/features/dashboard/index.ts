/** Issue 15 point 1: the dashboard (figures, messages per day, types, latest campaigns, checklist). */
export { Dashboard } from "./components/dashboard";
