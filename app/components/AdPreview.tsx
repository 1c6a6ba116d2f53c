// How an ad will look on the news site: the ad frame of its list, and the button that opens the
// site's own preview in a popup (SPEC §2 Ad edit confirm, §7 Preview).
import type { FormEvent } from "react";
import type { AdFrameData } from "~/domain/ad-page";
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
