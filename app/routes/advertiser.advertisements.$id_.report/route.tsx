// AdvertiserAdvertisementsReport (SPEC §2 Report): the month's figures of one of the advertiser's
// own ads. Another's ad is 404 (the API refuses it). Month links work without JavaScript.
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { loadAdReport } from "~/.server/ad-report";
import { requireAdvertiser } from "~/.server/auth";
import { idFromUrl } from "~/.server/http-errors";
import { AdReportPage } from "~/components/AdReportPage";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("アクセスレポート") }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAdvertiser(context);
  const id = idFromUrl(params.id);
  return loadAdReport(api, id, new URL(request.url).searchParams);
}

export default function AdvertiserAdvertisementsReport() {
  const data = useLoaderData<typeof loader>();
  return (
    <AdReportPage
      data={data}
      basePath={`/advertiser/advertisements/${data.id}/report`}
      detailPath={`/advertiser/advertisements/${data.id}`}
    />
  );
}
