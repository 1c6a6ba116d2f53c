// TrialComplete (SPEC §2 Trial form): the application was accepted and the mail with the login
// is on its way. Public, full-page layout; the id in the query only labels the page.
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { CompletePage } from "~/components/CompletePage";
import { formatAdvertisementId } from "../../shared/ids";
import { pageTitle } from "~/domain/meta";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { layout: "full-page" };

export const meta: MetaFunction = () => [{ title: pageTitle("お申し込み完了") }];

export function loader({ request }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("id") ?? "";
  // Anything but a plain id (a made-up query) is simply not shown.
  const applicationId = /^[1-9]\d{0,9}$/.test(raw) ? formatAdvertisementId(raw) : null;
  return { applicationId };
}

export default function TrialComplete() {
  const { applicationId } = useLoaderData<typeof loader>();
  return (
    <CompletePage title="お申し込み完了" links={[{ to: "/", label: "ログインページへ" }]}>
      <p>お申し込みを受け付けました。</p>
      {applicationId ? <p>{`申込ID: ${applicationId}`}</p> : null}
      <p>
        ご登録のメールアドレスに確認のメールをお送りしました。メールに記載のパスワードでログインしてください。
      </p>
    </CompletePage>
  );
}
