// The route table of SPEC §2: every screen's path and who may open it. The guard of each route
// module and the role-matrix test both read it.

export type Access = "public" | "advertiser" | "administrator";

export type RouteEntry = { name: string; path: string; access: Access; fullPage?: boolean };

/** One access level's screens, name → path in the order of SPEC §2. */
function screens(
  access: Access,
  paths: Record<string, string>,
  extra: Pick<RouteEntry, "fullPage"> = {},
): RouteEntry[] {
  return Object.entries(paths).map(([name, path]) => ({ name, path, access, ...extra }));
}

export const routeTable: readonly RouteEntry[] = [
  ...screens("public", {
    Login: "/",
    Preview: "/preview/:id/:token",
    AdvertiserNew: "/advertiser/new",
    AdvertiserCreated: "/advertiser/created",
  }),
  ...screens(
    "public",
    { TrialIndex: "/trial", TrialError: "/trial/error", TrialComplete: "/trial/complete" },
    { fullPage: true },
  ),
  ...screens("advertiser", {
    AdvertiserIndex: "/advertiser",
    AdvertiserContact: "/advertiser/contact",
    AdvertiserContactComplete: "/advertiser/contact/complete",
    AdvertiserEdit: "/advertiser/edit",
    AdvertiserEditComplete: "/advertiser/edit/complete",
    AdvertiserEmail: "/advertiser/email",
    AdvertiserEmailComplete: "/advertiser/email/complete",
    AdvertiserPassword: "/advertiser/password",
    AdvertiserPasswordComplete: "/advertiser/password/complete",
    AdvertiserAdvertisementsNew: "/advertiser/advertisements/new",
    AdvertiserAdvertisementsDetail: "/advertiser/advertisements/:id",
    AdvertiserAdvertisementsReport: "/advertiser/advertisements/:id/report",
    AdvertiserAdvertisementsEdit: "/advertiser/advertisements/:id/edit",
    AdvertiserAdvertisementsComplete: "/advertiser/advertisements/:id/edit/complete",
    AdvertiserAdvertisementsPublishment: "/advertiser/advertisements/:id/publishment",
    AdvertiserAdvertisementsPublishmentComplete:
      "/advertiser/advertisements/:id/publishment/complete",
  }),
  ...screens("administrator", {
    AdministratorIndex: "/administrator",
    AdministratorAdvertisementsIndex: "/administrator/advertisements",
    AdministratorAdvertisementsReport: "/administrator/advertisements/:id/report",
    AdministratorAdvertisementsDetail: "/administrator/advertisements/:id/detail",
    AdministratorAdvertisementsEdit: "/administrator/advertisements/:id/edit",
    AdministratorAdvertisementsEditComplete: "/administrator/advertisements/:id/edit/complete",
    AdministratorSalesIndex: "/administrator/sales",
    AdministratorAdvertisersIndex: "/administrator/advertisers",
    AdministratorAdvertisersDetail: "/administrator/advertisers/:id",
    AdministratorAdvertisersEdit: "/administrator/advertisers/:id/edit",
    AdministratorAdvertisersComplete: "/administrator/advertisers/:id/complete",
    AdministratorAreasIndex: "/administrator/areas",
    AdministratorAreasNew: "/administrator/areas/new",
    AdministratorAreasEdit: "/administrator/areas/:id/edit",
    AdministratorAreasComplete: "/administrator/areas/:id/edit/complete",
    AdministratorCoursesIndex: "/administrator/courses",
    AdministratorCoursesNew: "/administrator/courses/new",
    AdministratorCoursesEdit: "/administrator/courses/:id/edit",
    AdministratorCoursesComplete: "/administrator/courses/:id/edit/complete",
    AdministratorAdReportIndex: "/administrator/ad_report",
    // Not a screen of SPEC §2: the audit trail of issue 10 (操作履歴).
    AdministratorAuditLogs: "/administrator/audit_logs",
  }),
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
