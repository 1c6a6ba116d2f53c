// AdvertiserContact (SPEC §2 Contact): a message to the editorial staff, about one ad when the
// `advertisement` query names it, and the message history (10 a page, newest first).
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
} from "react-router";
import { messageFields, messageSchema } from "~/.server/account-schemas";
import { requireAdvertiser } from "~/.server/auth";
import { handleConfirmForm, loadFormPage } from "~/.server/forms";
import { MESSAGE_PAGE_SIZE, loadMessagePage } from "~/.server/messages";
import { createMessage, validateMessage } from "~/.server/upstream/accounts";
import { getPost } from "~/.server/upstream/resources";
import { ConfirmList, InputPhase, useConfirmForm } from "~/components/ConfirmForm";
import { ConfirmFormPage, ConfirmPhase } from "~/components/ConfirmFormPage";
import { TextareaField } from "~/components/fields";
import { MessageHistory } from "~/components/MessageHistory";
import { BackToMyPage, Card } from "~/components/ui";
import { MESSAGE_MAX } from "~/domain/limits";
import { pageTitle } from "~/domain/meta";
import { readTableState } from "~/domain/paging";

export const meta: MetaFunction = () => [{ title: pageTitle("お問い合わせ") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { identity, api } = await requireAdvertiser(context);
  const params = new URL(request.url).searchParams;
  const { page } = readTableState(params, ["id"], { sort: "id", order: "desc" });
  const advertisementId = Number(params.get("advertisement"));
  const [target, history] = await loadFormPage(
    context,
    () =>
      Promise.all([
        Number.isInteger(advertisementId) && advertisementId > 0
          ? getPost(api, advertisementId)
          : null,
        loadMessagePage(api, identity.advertiserId ?? 0, page),
      ]),
    // The posted advertisement travels in the form's values; the history waits for the upstream.
    () => [null, { rows: [] as never[], totalItems: 0, pageSize: MESSAGE_PAGE_SIZE }] as const,
  );
  return {
    target: target
      ? {
          iri: target["@id"],
          applicationId: target.formattedAdvertisementId ?? String(target.id),
          title: target.title ?? "",
        }
      : null,
    page,
    ...history,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireAdvertiser(context);
  return handleConfirmForm(request, {
    context,
    schema: messageSchema,
    fields: messageFields,
    validate: (message) => validateMessage(api, message),
    save: async (message) => {
      await createMessage(api, message);
      return redirect("/advertiser/contact/complete");
    },
  });
}

export default function AdvertiserContact() {
  const { target, ...history } = useLoaderData<typeof loader>();
  const state = useConfirmForm<{ body: string; advertisement: string }>(
    useActionData<typeof action>(),
  );
  const { phase, fields, values } = state;
  const targetText = target ? `${target.applicationId} ${target.title}` : null;
  // The ad asked about; after an outage only the posted form still knows it.
  const advertisement = target?.iri ?? values.advertisement;
  return (
    <div className="stack">
      <Card>
        <ConfirmFormPage title="お問い合わせ" state={state}>
          {advertisement ? (
            <input type="hidden" name="advertisement" value={advertisement} />
          ) : null}
          {targetText ? (
            <ConfirmList rows={[{ label: "対象の申込ID", value: targetText }]} />
          ) : (
            <p className="small dimmed">
              広告に関するお問い合わせは、広告詳細ページの「問い合わせる」ボタンからお願いします。
            </p>
          )}
          <ConfirmPhase
            phase={phase}
            intro="以下の内容で送信します。よろしければ「送信」を押してください。"
          >
            <ConfirmList rows={[{ label: "メッセージ", value: values.body }]} />
          </ConfirmPhase>
          <InputPhase phase={phase}>
            <TextareaField
              field={fields.body}
              label="メッセージ"
              required
              maxLength={MESSAGE_MAX}
              description={`編集部へのご質問・ご要望をご記入ください（${MESSAGE_MAX}文字以内）。`}
            />
          </InputPhase>
        </ConfirmFormPage>
      </Card>
      <Card>
        <h2 className="title-2">メッセージ履歴</h2>
        <MessageHistory {...history} />
        <BackToMyPage />
      </Card>
    </div>
  );
}
