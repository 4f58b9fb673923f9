/** Issue 11: contact groups and contacts. The feature's only door. */
export { CONTACT_GROUPS_KEY } from "./api/keys";
export { AddContact, GroupContacts } from "./components/group-contacts";
export { CreateGroupForm, RenameGroupForm } from "./components/group-form";
export { GroupsTable } from "./components/groups-table";
