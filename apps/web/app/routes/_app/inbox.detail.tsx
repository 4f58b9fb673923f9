import { useParams, useSearchParams } from "react-router";
import { PageTitle } from "~/features/auth";
import { ConversationView } from "~/features/inbox";

/** /inbox/{phone}: the conversation with one number, optionally one send's part of it (?campaign_id=). */
export default function ConversationPage() {
  const phone = useParams().phone ?? "";
  const [search] = useSearchParams();
  const campaign = search.get("campaign_id");
  const campaignId = campaign && /^\d+$/.test(campaign) ? Number(campaign) : undefined;
  return (
    <section>
      <PageTitle />
      <ConversationView phone={phone} campaignId={campaignId} />
    </section>
  );
}
