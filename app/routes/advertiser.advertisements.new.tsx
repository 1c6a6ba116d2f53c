// AdvertiserAdvertisementsNew (SPEC §2 Ad create): a new ad, or a copy of one (?from=id); on
// success the publishment application of the new ad follows.
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  Form,
  useActionData,
  useLoaderData,
} from "react-router";
import { advertisementDefaults, handleAdvertisementForm } from "~/.server/advertisement-form";
import { requireAdvertiser } from "~/.server/auth";
import { env } from "~/.server/env";
import { loadFormPage } from "~/.server/forms";
import { idFromUrl } from "~/.server/http-errors";
import { clientIri, createPost } from "~/.server/upstream/posts";
import { getFullPost } from "~/.server/upstream/resources";
import { AdvertisementFields } from "~/components/AdvertisementForm";
import { useConfirmForm } from "~/components/ConfirmForm";
import { FormErrors } from "~/components/fields";
import { Alert, BackToMyPage, Button, Card, FlashAlert } from "~/components/ui";
import { pageTitle } from "~/domain/meta";
import { formProps } from "~/components/form-state";

export const meta: MetaFunction = () => [{ title: pageTitle("新規広告作成") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdvertiser(context);
  const from = new URL(request.url).searchParams.get("from");
  let copied: { defaults: Record<string, string>; applicationId: string } | null = null;
  if (from) {
    const id = idFromUrl(from);
    // After an outage the posted form carries the copy; only the notice waits for the upstream.
    const post = await loadFormPage(
      context,
      () => getFullPost(api, id),
      () => null,
    );
    copied = {
      defaults: post ? advertisementDefaults(post) : {},
      applicationId: post?.formattedAdvertisementId ?? String(id),
    };
  }
  // Why the advertiser is here when a trial's draft could not become their ad (trial.error).
  return { copied, guideUrl: env().GUIDE_PDF_URL, flash: context.session.takeFlash() ?? null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, identity } = await requireAdvertiser(context);
  return handleAdvertisementForm(request, api, {
    context,
    // A token without the advertiser claim leaves the owner to the upstream, as before.
    owner: identity.advertiserId === undefined ? undefined : clientIri(identity.advertiserId),
    save: async (input) => {
      const created = await createPost(api, input);
      return redirect(`/advertiser/advertisements/${created.id}/publishment`);
    },
  });
}

export default function AdvertiserAdvertisementsNew() {
  const { copied, guideUrl, flash } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const defaults = copied?.defaults ?? { eyecatchIndex: "1" };
  const { form, fields, values, notices, hasFieldErrors } = useConfirmForm<Record<string, string>>(
    actionData,
    defaults,
  );
  return (
    <Card>
      <h1 className="title-1">新規広告作成</h1>
      <div className="stack">
        <FlashAlert flash={flash} />
        {copied ? (
          <Alert color="blue">
            {`申込ID ${copied.applicationId} の広告をコピーしました。内容を確認して保存してください。`}
          </Alert>
        ) : null}
        <p>
          広告の原稿を入力してください。作成のポイントは
          <a href={guideUrl} target="_blank" rel="noopener">
            広告作成ガイド（PDF）
          </a>
          をご覧ください。
        </p>
        <Form method="post" encType="multipart/form-data" {...formProps(form)} className="stack">
          <FormErrors errors={form.errors} hasFieldErrors={hasFieldErrors} />
          <AdvertisementFields
            fields={fields}
            values={actionData ? values : defaults}
            notices={notices}
          />
          <p className="small dimmed">
            保存すると広告が作成され、掲載の申し込みに進みます。申し込むまで掲載はされません。
          </p>
          <div className="group end">
            <Button type="submit" name="intent" value="submit">
              原稿プレビュー・申し込み▶
            </Button>
          </div>
        </Form>
        <BackToMyPage />
      </div>
    </Card>
  );
}
