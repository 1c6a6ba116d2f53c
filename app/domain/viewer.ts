// Who the header shows: the advertiser's company and person in charge, or the administrator.
export type Viewer =
  | {
      kind: "advertiser";
      id: number;
      companyName: string;
      personInCharge: string;
      impersonating: boolean;
    }
  | { kind: "administrator"; id: number; name: string };
