import { useParams } from "react-router";
import { PageTitle } from "~/features/auth";
import { SenderDetail } from "~/features/senders";

/** /senders/{id}: one request, its status, the decision reason and its evidence. */
export default function SenderPage() {
  const id = Number(useParams().id);
  return (
    <section>
      <PageTitle />
      <SenderDetail id={id} />
    </section>
  );
}
