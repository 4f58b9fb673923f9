/** Issue 11: contact groups and contacts. The feature's only door. */

export { useConsentWording, useSaveConsentWording } from "./api/consent-wording";
export { AddContact, GroupContacts } from "./components/group-contacts";
export { CreateGroupForm, RenameGroupForm } from "./components/group-form";
export { GroupsTable } from "./components/groups-table";
