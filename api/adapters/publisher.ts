// Where a paid, approved ad is published (ARCHITECTURE §6 publisher, ADR 0010): the built-in local
// news site by default, or the locality's WordPress when it has REST credentials. The lifecycle
// (api/publishing/) decides *what* should be on the site; a publisher only carries it out.
// Every method is idempotent: publishing twice updates the same post, unpublishing a post that is
// already down succeeds.

/** What a publisher needs to show an ad (already resolved: absolute image URLs, the period). */
export interface PublishableAd {
  advertisementId: number;
  localityId: number;
  title: string;
  storeName: string;
  storeAddress: string;
  storeTel: string;
  businessHours: string;
  homepage: string;
  mapParameters: string;
  /** Absolute URLs of image1..image5 (null where empty) and their bodies. */
  images: ({ url: string; body: string } | null)[];
  /** The eye-catch image's absolute URL. */
  eyeCatchUrl: string | null;
  /** link1..link3 (null where empty). */
  links: ({ title: string; url: string } | null)[];
  /** 00:00 of the start date and 23:59:59 of the end date, Asia/Tokyo. */
  publishesAt: Date;
  unpublishesAt: Date;
}

/** The publisher's copy of the ad: the reader-facing URL and its own ids. */
export interface PublishedCopy {
  postUrl: string;
  externalId: string;
  /** The uploaded featured image (WordPress media id); null when none or not applicable. */
  externalMediaId: string | null;
}

export interface Publisher {
  /** "site" (built-in) or "wordpress": recorded nowhere, for logs and tests. */
  readonly kind: "site" | "wordpress";
  /**
   * Creates the post, or updates it when `previous` is given; scheduled so readers see it from
   * `publishesAt` (WordPress `status: future` before the start, `publish` after).
   */
  publish(ad: PublishableAd, previous: PublishedCopy | null): Promise<PublishedCopy>;
  /** Takes the post off the site (end of the period, suspension, withdrawal). */
  unpublish(copy: PublishedCopy): Promise<void>;
}

/** A publisher failure whose message may be shown to administrators (no credentials in it). */
export class PublishError extends Error {
  override name = "PublishError";
}
