// How an ad will look on the news site: the ad frame of its list, the button that opens the site's
// own preview in a popup, and both with the ad page as the confirm phases show them (SPEC §2 Ad
// edit confirm, Trial form, §7 Preview).
import type { FormEvent } from "react";
import type { advertisementPreview } from "~/.server/advertisement-form";
import type { AdFrameData } from "~/domain/ad-page";
import { AdPage } from "./AdPage";
import { Button } from "./ui";

export function AdFrame({ frame }: { frame: AdFrameData }) {
  return (
    <div className="ad-frame">
      {frame.eyeCatch ? <img src={frame.eyeCatch} alt="" /> : null}
      <div>
        <span className="ad-badge">広告</span>
        <p className="ad-frame-title">{frame.title}</p>
      </div>
    </div>
  );
}

const PREVIEW_WINDOW = "ad-site-preview";

/** Posts the ad to the news site's preview endpoint: a popup with JS, a new tab without. */
export function SitePreviewButton({
  action,
  fields,
  label = "ニュースサイトでプレビュー",
}: {
  action: string;
  fields: Record<string, string>;
  label?: string;
}) {
  function openPopup(_event: FormEvent<HTMLFormElement>) {
    window.open("about:blank", PREVIEW_WINDOW, "popup,width=480,height=800");
  }
  return (
    <form method="post" action={action} target={PREVIEW_WINDOW} onSubmit={openPopup}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant="light">
        {label}
      </Button>
    </form>
  );
}

/** The confirm phase's previews: the ad frame of the list, the ad page, the news site's own. */
export function AdvertisementPreview({
  preview,
  siteLabel,
}: {
  preview: ReturnType<typeof advertisementPreview>;
  /** The news-site button's label (the trial form's is 広告ページをプレビューする). */
  siteLabel?: string;
}) {
  return (
    <section className="stack">
      <h2 className="title-2">広告枠のプレビュー</h2>
      <AdFrame frame={preview.frame} />
      <h2 className="title-2 preview-block">広告ページのプレビュー</h2>
      {preview.site ? (
        <div>
          <SitePreviewButton
            action={preview.site.url}
            fields={preview.site.fields}
            label={siteLabel}
          />
        </div>
      ) : null}
      <AdPage ad={preview.page} />
    </section>
  );
}
