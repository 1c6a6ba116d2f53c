// The requests the bench loads, per database: the API's own calls (on the API alone), then the
// portal's pages as an advertiser and an administrator use them over the bench's data.
import { COMPANY_FILTER, SALES_MONTH, type BenchData } from "./seed";
import type { Probe } from "./load";

export type Endpoint = {
  key: string;
  name: string;
  probe: Probe;
  /** A portal page (reports its upstream calls), not the API itself. */
  portal: boolean;
};

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export type Credentials = { shopCookie: string; adminCookie: string };

/** The API's own calls, as the shop's bearer token makes them. */
export function apiEndpoints(base: string, shopToken: string, data: BenchData): Endpoint[] {
  const api = (path: string): Probe => ({
    url: `${base}${path}`,
    headers: { Authorization: `Bearer ${shopToken}`, Accept: "application/ld+json" },
  });
  return [
    {
      key: "api-posts",
      name: "API GET posts (10 of 1,000, id desc)",
      probe: api(
        `/api/adv/posts?${query({ owner: String(data.shopClientId), page: "1", itemsPerPage: "10", "order[id]": "desc" })}`,
      ),
      portal: false,
    },
    {
      key: "api-client",
      name: "API GET clients/{id}",
      probe: api(`/api/adv/clients/${data.shopClientId}`),
      portal: false,
    },
  ];
}

/** The portal's pages, as the shop and an administrator open them. */
export function portalEndpoints(base: string, auth: Credentials, data: BenchData): Endpoint[] {
  const page = (cookie: string, path: string): Probe => ({
    url: `${base}${path}`,
    headers: { Cookie: cookie },
  });
  const shop = (path: string) => page(auth.shopCookie, path);
  const admin = (path: string) => page(auth.adminCookie, path);
  return [
    { key: "my-page", name: "My Page /advertiser", probe: shop("/advertiser"), portal: true },
    {
      key: "ad-detail",
      name: "ad detail",
      probe: shop(`/advertiser/advertisements/${data.publicAdId}`),
      portal: true,
    },
    {
      key: "form-next",
      name: "contact form next (validate)",
      probe: {
        url: `${base}/advertiser/contact`,
        method: "POST",
        headers: {
          Cookie: auth.shopCookie,
          Origin: base,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: query({ intent: "next", body: "掲載内容について確認させてください。" }),
      },
      portal: true,
    },
    {
      key: "publication",
      name: "publication application",
      probe: shop(`/advertiser/advertisements/${data.draftAdId}/publishment`),
      portal: true,
    },
    {
      key: "admin-ads",
      name: "admin ad list",
      probe: admin("/administrator/advertisements"),
      portal: true,
    },
    {
      key: "admin-ads-company",
      name: "admin ad list, company filter",
      probe: admin(`/administrator/advertisements?${query({ companyName: COMPANY_FILTER })}`),
      portal: true,
    },
    {
      key: "admin-advertisers",
      name: "admin advertisers (300 a page)",
      probe: admin("/administrator/advertisers"),
      portal: true,
    },
    {
      key: "admin-report-month",
      name: "admin report, one month",
      probe: admin(
        `/administrator/ad_report?${query({ url: `${base}${data.publicAdPath}`, month: data.reportMonth })}`,
      ),
      portal: true,
    },
    {
      key: "admin-sales-month",
      name: "admin sales, one month (10,000)",
      probe: admin(`/administrator/sales?${query({ month: SALES_MONTH })}`),
      portal: true,
    },
    {
      key: "sales-csv",
      name: "sales CSV export (10,000 rows)",
      probe: admin(`/administrator/sales.csv?${query({ month: SALES_MONTH })}`),
      portal: true,
    },
  ];
}
