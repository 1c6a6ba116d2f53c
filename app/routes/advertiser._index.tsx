// AdvertiserIndex (SPEC §2 Home): greeting, account buttons, and the paged, sortable ad table.
import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  ADVERTISEMENT_PAGE_SIZE,
  advertisementSorts,
  loadAdvertisementPage,
} from "~/.server/advertiser-home";
import { requireAdvertiser } from "~/.server/auth";
import { env } from "~/.server/env";
import { rethrowAsHttpError } from "~/.server/http-errors";
import { getClient, getUserLogin } from "~/.server/upstream/resources";
import { DataTable, PageLinks, SortLink } from "~/components/TableControls";
import { TEMPORARY_PASSWORD_MESSAGE, emptyTexts } from "~/domain/labels";
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
    state,
    pageSize: ADVERTISEMENT_PAGE_SIZE,
    ...page,
  };
}

function AccountButtons({ impersonating, guideUrl }: { impersonating: boolean; guideUrl: string }) {
  // Screens built by later work are shown, disabled, rather than linking to a missing page.
  return (
    <Group gap="xs" wrap="wrap">
      <Button variant="default" size="sm" disabled>
        登録情報の変更
      </Button>
      <Button variant="default" size="sm" disabled>
        メールアドレスの変更
      </Button>
      <Button
        variant="default"
        size="sm"
        disabled
        title={impersonating ? "代理ログイン中は変更できません" : undefined}
      >
        パスワードの変更
      </Button>
      <Button variant="default" size="sm" disabled>
        お問い合わせ
      </Button>
      <Button
        component="a"
        href={guideUrl}
        variant="light"
        size="sm"
        target="_blank"
        rel="noopener"
      >
        料金表・原稿作成ガイド(PDF)
      </Button>
    </Group>
  );
}

export default function AdvertiserIndex() {
  const data = useLoaderData<typeof loader>();
  const { state } = data;
  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Title order={1} size="h3" mb={4}>
          マイページ
        </Title>
        <Text mb="sm">
          {data.companyName} {data.personInCharge} 様、いつもご利用ありがとうございます。
        </Text>
        {data.temporaryPassword ? (
          <Alert color="red" variant="light" mb="sm">
            {TEMPORARY_PASSWORD_MESSAGE}
          </Alert>
        ) : null}
        <AccountButtons impersonating={data.impersonating} guideUrl={data.guideUrl} />
      </Paper>
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            広告一覧
          </Title>
          <Button size="sm" disabled>
            新規広告作成
          </Button>
        </Group>
        <DataTable minWidth={860}>
          <thead>
            <tr>
              <th>タイトル</th>
              <th>
                <SortLink column="area" state={state}>
                  地域
                </SortLink>
              </th>
              <th>
                <SortLink column="publishesAt" state={state}>
                  掲載開始日
                </SortLink>
              </th>
              <th>
                <SortLink column="unpublishesAt" state={state}>
                  掲載終了日
                </SortLink>
              </th>
              <th>原稿ステータス</th>
              <th>支払ステータス</th>
              <th>
                <SortLink column="id" state={state}>
                  申込ID
                </SortLink>
              </th>
              <th>詳細</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.length === 0 ? (
              <tr>
                <td colSpan={8} className="empty">
                  {emptyTexts.advertisements}
                </td>
              </tr>
            ) : (
              data.rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.title}</td>
                  <td>{row.area}</td>
                  <td className="nowrap">{row.publishesAt}</td>
                  <td className="nowrap">{row.unpublishesAt}</td>
                  <td className="nowrap">{row.manuscriptStatus}</td>
                  <td className="nowrap">{row.paymentStatus}</td>
                  <td>{row.applicationId}</td>
                  <td>
                    <Button size="xs" variant="light" disabled>
                      詳細
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
        <PageLinks page={state.page} totalItems={data.totalItems} pageSize={data.pageSize} />
      </Paper>
    </Stack>
  );
}
