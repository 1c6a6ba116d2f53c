// TrialError (SPEC §2 Trial form, §8): the e-mail address of the trial form is already
// registered; the way on is to log in. Public, full-page layout. When the trial's draft was kept
// (../trial._index/drafts.server.ts, issue 30) it offers ログインして続ける: Login brings the advertiser
// back here, and 広告を作成する makes the draft their new ad (server half: trial-continue.server.ts).
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  Form,
  useActionData,
  useLoaderData,
} from "react-router";
import { Alert, Button, ButtonLink, Card } from "~/components/ui";
import { pageTitle } from "~/domain/meta";
import type { RouteHandle } from "~/root";
import { continueTrialDraft, loadTrialErrorPage } from "./trial-continue.server";

export const handle: RouteHandle = { layout: "full-page" };

export const meta: MetaFunction = () => [{ title: pageTitle("すでに登録済みです") }];

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  loadTrialErrorPage(request, context);

export const action = ({ request, context }: ActionFunctionArgs) =>
  continueTrialDraft(request, context);

export default function TrialError() {
  const { draft, loggedIn, loginHref } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (draft && loggedIn) {
    return (
      <Card>
        <h1 className="title-1">入力した原稿を広告にする</h1>
        <div className="stack">
          {answer?.error ? <Alert color="red">{answer.error}</Alert> : null}
          <p>{`お試しフォームで入力した原稿「${draft.title}」を、ログイン中のアカウントの新しい広告として保存します。画像も引き継ぎます。`}</p>
          <p className="small dimmed">
            保存後、掲載の申し込みに進みます。申し込むまで掲載はされません。
          </p>
          <Form method="post" className="group">
            <Button type="submit" name="intent" value="create">
              広告を作成する
            </Button>
            <Button type="submit" name="intent" value="discard" variant="default">
              保存しない
            </Button>
          </Form>
        </div>
      </Card>
    );
  }
  return (
    <Card>
      <h1 className="title-1">すでに登録済みです</h1>
      <div className="stack">
        <p>
          ご入力のメールアドレスはすでに登録されています。ログインページからログインしてください。
        </p>
        {draft ? (
          <p>
            ログインすると、入力した原稿（画像を含む）をそのまま新しい広告として保存できます。原稿は24時間保管されます。
          </p>
        ) : null}
        <div className="group">
          {draft ? <ButtonLink to={loginHref}>ログインして続ける</ButtonLink> : null}
          <ButtonLink to="/" variant={draft ? "default" : undefined}>
            ログインページへ
          </ButtonLink>
        </div>
      </div>
    </Card>
  );
}
