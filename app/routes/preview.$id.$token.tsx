// Preview (public): the proof page of an ad, for anyone holding its proof URL, no login needed.
// It has the default layout (SPEC §2 gives the full-page one to the trial routes only), so a wrong
// or outdated URL is a page of the product with a heading and what to do, not a bare alert.
import { data, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { adPageData } from "~/.server/ad-page";
import { anonymousUpstream } from "~/.server/auth";
import { rethrowAsHttpError } from "~/.server/http-errors";
import { UpstreamError } from "~/.server/upstream/errors";
import { getPreviewPost } from "~/.server/upstream/resources";
import { AdPage } from "~/components/AdPage";
import { Alert, ButtonLink } from "~/components/ui";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: pageTitle(loaded?.ad ? `プレビュー: ${loaded.ad.title}` : "プレビュー") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = Number(params.id);
  const token = params.token ?? "";
  if (!Number.isInteger(id) || id <= 0 || !/^[A-Za-z0-9]{64}$/.test(token)) {
    return data({ ad: null }, { status: 404 });
  }
  try {
    return { ad: adPageData(await getPreviewPost(anonymousUpstream(context), id, token)) };
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404)
      return data({ ad: null }, { status: 404 });
    rethrowAsHttpError(error);
  }
}

export default function Preview() {
  const { ad } = useLoaderData<typeof loader>();
  if (!ad) return <PreviewNotFound />;
  return (
    <div className="stack">
      <Alert color="blue">これは掲載前の確認用プレビューです。</Alert>
      <div className="card">
        <AdPage ad={ad} />
      </div>
    </div>
  );
}

/** A wrong or outdated proof URL (SPEC §8: a message to check the URL). */
function PreviewNotFound() {
  return (
    <div className="card stack">
      <h1 className="title-1">プレビューを表示できません</h1>
      <p>URLが正しいか、最新のURLかどうかをご確認ください。</p>
      <ul>
        <li>URLが途中で切れていないか、メールなどからすべてコピーできているかご確認ください。</li>
        <li>
          プルーフURLは、広告詳細画面で発行し直すと新しいURLに変わり、以前のURLは表示できなくなります。
        </li>
        <li>
          最新のURLは、広告主の方がログインして広告詳細画面の「プルーフURL」でご確認いただけます。
        </li>
      </ul>
      <div className="group">
        <ButtonLink to="/">ログインページへ</ButtonLink>
      </div>
    </div>
  );
}
