// AdvertiserIndex (SPEC §2 Home): greeting, account buttons, and the paged, sortable ad table,
// each ad with its 配信状況 badge and its one next action (issue 30).
import {
  redirect,
  type LoaderFunctionArgs,
  type MetaFunction,
  Link,
  useLoaderData,
} from "react-router";
import {
  ADVERTISEMENT_PAGE_SIZE,
  advertisementSorts,
  loadAdvertisementPage,
  type AdvertisementRow,
} from "./home.server";
import { requireAdvertiser } from "~/.server/auth";
import { env } from "~/.server/env";
import { rethrowAsHttpError } from "~/.server/http-errors";
import { getClient, getUserLogin } from "~/.server/upstream/resources";
import { StageBadge } from "~/components/StageBadge";
import { DataTable, PageLinks, type Column } from "~/components/TableControls";
import { Alert, ButtonLink, Card } from "~/components/ui";
import { IMPERSONATION_LOCKED_NOTE, TEMPORARY_PASSWORD_MESSAGE, emptyTexts } from "~/domain/labels";
import { pageTitle } from "~/domain/meta";
import { readTableState } from "~/domain/paging";

export const meta: MetaFunction = () => [{ title: pageTitle("マイページ") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { identity, api } = await requireAdvertiser(context);
  const advertiserId = identity.advertiserId ?? 0;
  const state = readTableState(new URL(request.url).searchParams, advertisementSorts, {
    sort: "id",
    order: "desc",
  });
  const [client, userLogin, page] = await Promise.all([
    getClient(api, advertiserId),
    getUserLogin(api, identity.userLoginId),
    loadAdvertisementPage(api, advertiserId, state),
  ]).catch(rethrowAsHttpError);
  const impersonating = Boolean(identity.impersonator);
  if (userLogin.isTemporaryPassword && !impersonating) {
    context.session.flash({ kind: "error", message: TEMPORARY_PASSWORD_MESSAGE });
    throw redirect("/advertiser/password");
  }
  return {
    companyName: client.companyName,
    personInCharge: client.personInCharge,
    temporaryPassword: userLogin.isTemporaryPassword,
    impersonating,
    guideUrl: env().GUIDE_PDF_URL,
    pageSize: ADVERTISEMENT_PAGE_SIZE,
    ...page,
  };
}

function AccountButtons({ impersonating, guideUrl }: { impersonating: boolean; guideUrl: string }) {
  // An impersonating administrator cannot change the advertiser's password nor e-mail (SPEC §6:
  // either would take the account from its owner).
  const ownerOnly = (to: string) => ({
    to: impersonating ? undefined : to,
    title: impersonating ? IMPERSONATION_LOCKED_NOTE : undefined,
  });
  return (
    <div className="group">
      <ButtonLink to="/advertiser/edit" variant="default">
        登録情報の変更
      </ButtonLink>
      <ButtonLink {...ownerOnly("/advertiser/email")} variant="default">
        メールアドレスの変更
      </ButtonLink>
      <ButtonLink {...ownerOnly("/advertiser/password")} variant="default">
        パスワードの変更
      </ButtonLink>
      <ButtonLink to="/advertiser/contact" variant="default">
        お問い合わせ
      </ButtonLink>
      <ButtonLink href={guideUrl} variant="light" external>
        料金表・原稿作成ガイド(PDF)
      </ButtonLink>
    </div>
  );
}

/** The table's columns; the area column sorts only where the upstream can (home.server.ts). */
const advertisementColumns = (areaSortable: boolean): Column<AdvertisementRow>[] => [
  {
    label: "タイトル",
    cell: (row) => <Link to={`/advertiser/advertisements/${row.id}`}>{row.title}</Link>,
  },
  { label: "地域", sort: areaSortable ? "area" : undefined, cell: (row) => row.area },
  { label: "掲載開始日", sort: "publishesAt", nowrap: true, cell: (row) => row.publishesAt },
  { label: "掲載終了日", sort: "unpublishesAt", nowrap: true, cell: (row) => row.unpublishesAt },
  { label: "原稿ステータス", nowrap: true, cell: (row) => row.manuscriptStatus },
  { label: "支払ステータス", nowrap: true, cell: (row) => row.paymentStatus },
  {
    label: "配信状況",
    nowrap: true,
    cell: (row) => <StageBadge label={row.stage.label} tone={row.stage.tone} />,
  },
  { label: "申込ID", sort: "id", cell: (row) => row.applicationId },
  {
    label: "次の操作",
    cell: (row) =>
      row.nextAction ? (
        <ButtonLink
          to={row.nextAction.href}
          size="xs"
          className="next-action"
          aria-label={`${row.nextAction.label}（${row.title}）`}
        >
          {row.nextAction.label}
        </ButtonLink>
      ) : null,
  },
  {
    label: "詳細",
    cell: (row) => (
      <ButtonLink to={`/advertiser/advertisements/${row.id}`} size="xs" variant="light">
        詳細
      </ButtonLink>
    ),
  },
];

export default function AdvertiserIndex() {
  const data = useLoaderData<typeof loader>();
  const { state } = data;
  return (
    <div className="stack">
      <Card>
        <h1 className="title-1">マイページ</h1>
        <p>
          {data.companyName} {data.personInCharge} 様、いつもご利用ありがとうございます。
        </p>
        {data.temporaryPassword ? <Alert color="red">{TEMPORARY_PASSWORD_MESSAGE}</Alert> : null}
        <AccountButtons impersonating={data.impersonating} guideUrl={data.guideUrl} />
      </Card>
      <Card>
        <div className="group between" style={{ marginBottom: 12 }}>
          <h2 className="title-2" style={{ margin: 0 }}>
            広告一覧
          </h2>
          <ButtonLink to="/advertiser/advertisements/new">新規広告作成</ButtonLink>
        </div>
        {data.sortNote ? <Alert>{data.sortNote}</Alert> : null}
        <DataTable
          columns={advertisementColumns(data.areaSortable)}
          rows={data.rows}
          rowKey={(row) => row.id}
          empty={emptyTexts.advertisements}
          sortState={state}
          minWidth={1040}
        />
        <PageLinks page={state.page} totalItems={data.totalItems} pageSize={data.pageSize} />
      </Card>
    </div>
  );
}
