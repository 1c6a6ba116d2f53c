// TrialError (SPEC §2 Trial form, §8): the e-mail address of the trial form is already
// registered; the way on is to log in. Public, full-page layout.
import type { MetaFunction } from "@remix-run/node";
import { ButtonLink, Card } from "~/components/ui";
import { pageTitle } from "~/domain/meta";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { layout: "full-page" };

export const meta: MetaFunction = () => [{ title: pageTitle("すでに登録済みです") }];

export default function TrialError() {
  return (
    <Card>
      <h1 className="title-1">すでに登録済みです</h1>
      <div className="stack">
        <p>
          ご入力のメールアドレスはすでに登録されています。ログインページからログインしてください。
        </p>
        <div className="group">
          <ButtonLink to="/">ログインページへ</ButtonLink>
        </div>
      </div>
    </Card>
  );
}
