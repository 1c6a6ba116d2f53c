// AdministratorAdvertisersDetail (SPEC §2 Advertiser detail): the contact details, 自動承認 on/off,
// パスワードリセット, 削除 behind a confirmation that is a plain GET (`?confirm=delete`, so it works
// without JS), 代理ログイン, 編集 and the advertiser's ads. Server side: ./detail.server.ts.
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
} from "react-router";
import { requireAdministrator } from "~/.server/auth";
import { readFormData } from "~/.server/forms";
import { idFromUrl } from "~/.server/http-errors";
import { AdminDetailHeader } from "~/components/AdminDetailHeader";
import { ConfirmList } from "~/components/ConfirmList";
import { pageTitle } from "~/domain/meta";
import { handleAdvertiserAction, loadAdvertiser } from "./detail.server";

export const meta: MetaFunction = () => [{ title: pageTitle("広告主詳細") }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireAdministrator(context);
  const id = idFromUrl(params.id);
  const url = new URL(request.url);
  const advertiser = await loadAdvertiser(api, id);
  return {
    advertiser,
    confirmDelete: url.searchParams.get("confirm") === "delete" && !advertiser.isDeleted,
    flash: context.session.takeFlash() ?? null,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAdministrator(context);
  const id = idFromUrl(params.id);
  return handleAdvertiserAction(api, context, id, await readFormData(request));
}

function PasswordResetForm() {
  const reply = useActionData<typeof action>();
  const errors = reply && "fieldErrors" in reply ? reply : undefined;
  const busy = useNavigation().formData?.get("intent") === "reset_password";
  const first = (name: string) => errors?.fieldErrors[name]?.[0];
  return (
    <Form method="post" aria-labelledby="reset-heading">
      <Title order={2} size="h4" mb="sm" id="reset-heading">
        パスワードリセット
      </Title>
      <Text size="sm" mb="sm">
        新しいパスワードを設定します。広告主は次回ログイン時にパスワードの変更が必要になります。
      </Text>
      {errors?.formErrors.length ? (
        <Alert color="red" mb="sm" role="alert">
          {errors.formErrors.join(" ")}
        </Alert>
      ) : null}
      <Stack gap="sm">
        <PasswordInput
          label="新しいパスワード"
          name="newPassword"
          autoComplete="new-password"
          description="8文字以上で入力してください。"
          error={first("newPassword")}
          required
        />
        <PasswordInput
          label="新しいパスワード（確認）"
          name="newPasswordConfirm"
          autoComplete="new-password"
          error={first("newPasswordConfirm")}
          required
        />
        <Group>
          <Button type="submit" name="intent" value="reset_password" loading={busy}>
            パスワードをリセット
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

export default function AdministratorAdvertisersDetail() {
  const { advertiser: a, confirmDelete, flash } = useLoaderData<typeof loader>();
  const base = `/administrator/advertisers/${a.id}`;
  return (
    <Stack gap="lg">
      <AdminDetailHeader
        title={`広告主詳細（ID ${a.displayId}）`}
        editHref={a.isDeleted ? null : `${base}/edit`}
        back={{ to: "/administrator/advertisers", label: "広告主一覧へ戻る" }}
        flash={flash}
      />
      {a.isDeleted ? (
        <Alert color="red" role="status">
          削除済み：この広告主は削除されています。ログインも代理ログインもできません。
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            登録情報
          </Title>
          <ConfirmList
            rows={[
              { label: "ID", value: a.displayId },
              { label: "会社名", value: a.companyName },
              { label: "担当者", value: a.personInCharge },
              { label: "メールアドレス", value: a.email },
              { label: "電話番号", value: a.tel },
              { label: "郵便番号", value: a.zipCode },
              { label: "都道府県", value: a.prefecture },
              { label: "市区町村", value: a.city },
              { label: "番地・建物名", value: a.address },
              { label: "状態", value: a.isDeleted ? "削除済み" : "有効" },
            ]}
          />
          <Anchor component={Link} to={a.adsHref} size="sm" mt="sm" display="inline-block">
            この広告主の広告一覧
          </Anchor>
        </Paper>
        {a.isDeleted ? null : (
          <Stack gap="lg">
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="sm">
                自動承認
              </Title>
              <Group gap="sm">
                <Text>
                  現在：
                  <Text span fw={700} data-testid="auto-confirm-state">
                    {a.isAutoConfirmable ? "ON" : "OFF"}
                  </Text>
                </Text>
                <Form method="post">
                  <Button
                    type="submit"
                    name="intent"
                    value={a.isAutoConfirmable ? "auto_off" : "auto_on"}
                    variant="default"
                  >
                    {a.isAutoConfirmable ? "自動承認をOFFにする" : "自動承認をONにする"}
                  </Button>
                </Form>
              </Group>
              <Text size="sm" c="dimmed" mt="xs">
                ONにすると、この広告主の掲載申込は審査なしで承認されます。
              </Text>
            </Paper>
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="sm">
                代理ログイン
              </Title>
              <Text size="sm" mb="sm">
                この広告主としてログインし、広告主のマイページを表示します。
              </Text>
              <Form method="post">
                <Button type="submit" name="intent" value="impersonate">
                  代理ログイン
                </Button>
              </Form>
            </Paper>
          </Stack>
        )}
      </SimpleGrid>
      {a.isDeleted ? null : (
        <>
          <Paper withBorder p="md">
            <PasswordResetForm />
          </Paper>
          <Paper withBorder p="md" id="delete">
            <Title order={2} size="h4" mb="sm">
              削除
            </Title>
            {confirmDelete ? (
              <Form method="post" role="alertdialog" aria-labelledby="delete-question">
                <Text fw={700} id="delete-question" mb="sm">
                  広告主「{a.companyName}」を削除します。よろしいですか？
                </Text>
                <Text size="sm" mb="sm">
                  削除するとこの広告主はログインできなくなり、掲載中の広告は取り下げられます。
                </Text>
                <Group gap="xs">
                  <Button type="submit" name="intent" value="delete" color="red">
                    削除する
                  </Button>
                  <Button component={Link} to={base} variant="default">
                    キャンセル
                  </Button>
                </Group>
              </Form>
            ) : (
              <Button
                component={Link}
                to="?confirm=delete#delete"
                color="red"
                variant="outline"
                preventScrollReset
              >
                この広告主を削除
              </Button>
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}
