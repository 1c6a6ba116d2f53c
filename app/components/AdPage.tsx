// The ad page as readers of the news site see it; used by the ad detail and the public proof page.
import type { AdPageData } from "~/domain/ad-page";

export function AdPage({ ad }: { ad: AdPageData }) {
  return (
    <article className="ad-page">
      <p className="ad-badge">広告</p>
      <h1 className="ad-title">{ad.title}</h1>
      {ad.sections.map((section, i) => (
        <section key={i} className="ad-section">
          {section.image ? <img src={section.image} alt="" loading="lazy" /> : null}
          {section.body ? <p className="ad-body">{section.body}</p> : null}
        </section>
      ))}
      {ad.links.length > 0 ? (
        <ul className="ad-links">
          {ad.links.map((link) => (
            <li key={link.url}>
              <a href={link.url} target="_blank" rel="noopener noreferrer nofollow">
                {link.title || link.url}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="ad-store">
        <dt>店名</dt>
        <dd>{ad.store.name}</dd>
        <dt>住所</dt>
        <dd>{ad.store.address}</dd>
        <dt>電話番号</dt>
        <dd>{ad.store.tel ? <a href={`tel:${ad.store.tel}`}>{ad.store.tel}</a> : null}</dd>
        {ad.store.hours ? (
          <>
            <dt>営業時間</dt>
            <dd>{ad.store.hours}</dd>
          </>
        ) : null}
        {ad.store.homepage ? (
          <>
            <dt>ホームページ</dt>
            <dd>
              <a href={ad.store.homepage} target="_blank" rel="noopener noreferrer nofollow">
                {ad.store.homepage}
              </a>
            </dd>
          </>
        ) : null}
      </dl>
      {ad.map.embedUrl ? (
        <iframe className="ad-map" src={ad.map.embedUrl} title="店舗の地図" loading="lazy" />
      ) : ad.map.linkUrl ? (
        <p>
          <a href={ad.map.linkUrl} target="_blank" rel="noopener noreferrer">
            地図で場所を見る
          </a>
        </p>
      ) : null}
    </article>
  );
}
