import { useParams } from "react-router";
import { PageTitle } from "~/features/auth";
import { CampaignReport } from "~/features/campaign-reports";

/** /reports/campaigns/{id}: one send's summary, refund and messages (spec §2, §4). */
export default function CampaignReportPage() {
  const id = Number(useParams().id);
  return (
    <section>
      <PageTitle />
      <CampaignReport key={id} id={id} />
    </section>
  );
}
