// AdministratorAdvertisementsReport (SPEC §2 Ad report "as for advertisers"): any ad's month.
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { loadAdReport } from "~/.server/ad-report";
import { requireAdministrator } from "~/.server/auth";
import { idFromUrl } from "~/.server/http-errors";
import { AdReportPage } from "~/components/AdReportPage";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("アクセスレポート") }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAdministrator(context);
  const id = idFromUrl(params.id);
  return loadAdReport(api, id, new URL(request.url).searchParams);
}

export default function AdministratorAdvertisementsReport() {
  const data = useLoaderData<typeof loader>();
  return (
    <AdReportPage
      data={data}
      basePath={`/administrator/advertisements/${data.id}/report`}
      detailPath={`/administrator/advertisements/${data.id}/detail`}
    />
  );
}
