// Preview (public): the proof page of an ad, for anyone holding its proof URL, no login needed.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { adPageData } from "~/.server/ad-page";
import { anonymousUpstream } from "~/.server/auth";
import { rethrowAsHttpError } from "~/.server/http-errors";
import { UpstreamError } from "~/.server/upstream/errors";
import { getPreviewPost } from "~/.server/upstream/resources";
import { AdPage } from "~/components/AdPage";
import { Alert } from "~/components/ui";
import { pageTitle } from "~/domain/meta";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { layout: "full-page" };

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
  if (!ad) {
    return (
      <Alert color="red">
        プレビューを表示できません。URLが正しいか、最新のURLかどうかをご確認ください。
      </Alert>
    );
  }
  return (
    <div className="stack">
      <Alert color="blue">これは掲載前の確認用プレビューです。</Alert>
      <div className="card">
        <AdPage ad={ad} />
      </div>
    </div>
  );
}
