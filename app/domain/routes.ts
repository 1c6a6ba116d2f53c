// The route table of SPEC §2: every screen's path and who may open it. The guard of each route
// module and the role-matrix test both read it.

export type Access = "public" | "advertiser" | "administrator";

export type RouteEntry = { name: string; path: string; access: Access; fullPage?: boolean };

export const routeTable: readonly RouteEntry[] = [
  { name: "Login", path: "/", access: "public" },
  { name: "Preview", path: "/preview/:id/:token", access: "public" },
  { name: "AdvertiserNew", path: "/advertiser/new", access: "public" },
  { name: "AdvertiserCreated", path: "/advertiser/created", access: "public" },
  { name: "TrialIndex", path: "/trial", access: "public", fullPage: true },
  { name: "TrialError", path: "/trial/error", access: "public", fullPage: true },
  { name: "TrialComplete", path: "/trial/complete", access: "public", fullPage: true },
  { name: "AdvertiserIndex", path: "/advertiser", access: "advertiser" },
  { name: "AdvertiserContact", path: "/advertiser/contact", access: "advertiser" },
  { name: "AdvertiserContactComplete", path: "/advertiser/contact/complete", access: "advertiser" },
  { name: "AdvertiserEdit", path: "/advertiser/edit", access: "advertiser" },
  { name: "AdvertiserEditComplete", path: "/advertiser/edit/complete", access: "advertiser" },
  { name: "AdvertiserEmail", path: "/advertiser/email", access: "advertiser" },
  { name: "AdvertiserEmailComplete", path: "/advertiser/email/complete", access: "advertiser" },
  { name: "AdvertiserPassword", path: "/advertiser/password", access: "advertiser" },
  {
    name: "AdvertiserPasswordComplete",
    path: "/advertiser/password/complete",
    access: "advertiser",
  },
  {
    name: "AdvertiserAdvertisementsNew",
    path: "/advertiser/advertisements/new",
    access: "advertiser",
  },
  {
    name: "AdvertiserAdvertisementsDetail",
    path: "/advertiser/advertisements/:id",
    access: "advertiser",
  },
  {
    name: "AdvertiserAdvertisementsReport",
    path: "/advertiser/advertisements/:id/report",
    access: "advertiser",
  },
  {
    name: "AdvertiserAdvertisementsEdit",
    path: "/advertiser/advertisements/:id/edit",
    access: "advertiser",
  },
  {
    name: "AdvertiserAdvertisementsComplete",
    path: "/advertiser/advertisements/:id/edit/complete",
    access: "advertiser",
  },
  {
    name: "AdvertiserAdvertisementsPublishment",
    path: "/advertiser/advertisements/:id/publishment",
    access: "advertiser",
  },
  {
    name: "AdvertiserAdvertisementsPublishmentComplete",
    path: "/advertiser/advertisements/:id/publishment/complete",
    access: "advertiser",
  },
  { name: "AdministratorIndex", path: "/administrator", access: "administrator" },
  {
    name: "AdministratorAdvertisementsIndex",
    path: "/administrator/advertisements",
    access: "administrator",
  },
  {
    name: "AdministratorAdvertisementsReport",
    path: "/administrator/advertisements/:id/report",
    access: "administrator",
  },
  {
    name: "AdministratorAdvertisementsDetail",
    path: "/administrator/advertisements/:id/detail",
    access: "administrator",
  },
  {
    name: "AdministratorAdvertisementsEdit",
    path: "/administrator/advertisements/:id/edit",
    access: "administrator",
  },
  {
    name: "AdministratorAdvertisementsEditComplete",
    path: "/administrator/advertisements/:id/edit/complete",
    access: "administrator",
  },
  { name: "AdministratorSalesIndex", path: "/administrator/sales", access: "administrator" },
  {
    name: "AdministratorAdvertisersIndex",
    path: "/administrator/advertisers",
    access: "administrator",
  },
  {
    name: "AdministratorAdvertisersDetail",
    path: "/administrator/advertisers/:id",
    access: "administrator",
  },
  {
    name: "AdministratorAdvertisersEdit",
    path: "/administrator/advertisers/:id/edit",
    access: "administrator",
  },
  {
    name: "AdministratorAdvertisersComplete",
    path: "/administrator/advertisers/:id/complete",
    access: "administrator",
  },
  { name: "AdministratorAreasIndex", path: "/administrator/areas", access: "administrator" },
  { name: "AdministratorAreasNew", path: "/administrator/areas/new", access: "administrator" },
  {
    name: "AdministratorAreasEdit",
    path: "/administrator/areas/:id/edit",
    access: "administrator",
  },
  {
    name: "AdministratorAreasComplete",
    path: "/administrator/areas/:id/edit/complete",
    access: "administrator",
  },
  { name: "AdministratorCoursesIndex", path: "/administrator/courses", access: "administrator" },
  { name: "AdministratorCoursesNew", path: "/administrator/courses/new", access: "administrator" },
  {
    name: "AdministratorCoursesEdit",
    path: "/administrator/courses/:id/edit",
    access: "administrator",
  },
  {
    name: "AdministratorCoursesComplete",
    path: "/administrator/courses/:id/edit/complete",
    access: "administrator",
  },
  { name: "AdministratorAdReportIndex", path: "/administrator/ad_report", access: "administrator" },
  // Not a screen of SPEC §2: the audit trail of issue 10 (操作履歴).
  { name: "AdministratorAuditLogs", path: "/administrator/audit_logs", access: "administrator" },
];

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split("/").filter(Boolean);
  const b = pathname.split("/").filter(Boolean);
  return a.length === b.length && a.every((part, i) => part.startsWith(":") || part === b[i]);
}

/** The table entry for a path (a trailing slash is ignored); static segments win over parameters. */
export function findRoute(pathname: string): RouteEntry | undefined {
  const candidates = routeTable.filter((r) => matches(r.path, pathname));
  return candidates.find((r) => !r.path.includes(":")) ?? candidates[0];
}
