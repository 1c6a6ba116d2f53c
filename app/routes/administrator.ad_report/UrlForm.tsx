// The article URL form of the ad report: a GET form, so it works without JavaScript. With it, 表示
// stays disabled until the URL differs from the one shown (SPEC §2); without it, always enabled.
// A text input, not type="url": the built-in site's article URLs are paths (/site/1/ads/6).
import { Form } from "react-router";
import { useState } from "react";
import { useHydrated } from "~/components/hydrated";

export function UrlForm({ url, month }: { url: string; month: string }) {
  const hydrated = useHydrated();
  const [value, setValue] = useState(url);
  // A month link keeps the URL but remounts nothing: follow the shown URL when it changes.
  const [shown, setShown] = useState(url);
  if (shown !== url) {
    setShown(url);
    setValue(url);
  }
  return (
    <Form method="get" action="/administrator/ad_report/" className="group" role="search">
      <label className="field" style={{ flex: 1, minWidth: 240 }}>
        <span className="field-label">記事URL</span>
        <input
          className="input"
          type="text"
          inputMode="url"
          name="url"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          placeholder="https://"
        />
      </label>
      <input type="hidden" name="month" value={month} />
      <button
        type="submit"
        className="btn btn-filled"
        disabled={hydrated && value.trim() === url}
        style={{ alignSelf: "flex-end" }}
      >
        表示
      </button>
    </Form>
  );
}
