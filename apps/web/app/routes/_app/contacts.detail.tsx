import { useParams } from "react-router";
import { PageTitle } from "~/features/auth";
import { ContactImportPanel } from "~/features/contact-imports";
import { GroupContacts } from "~/features/contacts";

/** /contacts/{id}: the group's contacts, with import and export. */
export default function ContactGroupPage() {
  const id = Number(useParams().id);
  return (
    <section>
      <PageTitle />
      <GroupContacts id={id} importPanel={<ContactImportPanel groupId={id} />} />
    </section>
  );
}
