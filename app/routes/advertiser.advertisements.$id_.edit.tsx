// AdvertiserAdvertisementsEdit (SPEC §2 Ad edit): input, then a confirm phase showing the ad page
// and the ad frame as readers will see them, then save. An ad that already has an order goes
// back to review (reapply, SPEC §4).
import { getFormProps } from "@conform-to/react";
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import {
  advertisementDefaults,
  advertisementPreview,
  handleAdvertisementForm,
} from "~/.server/advertisement-form";
import { requireAdvertiser } from "~/.server/auth";
import { env } from "~/.server/env";
import { loadFormPage, preload } from "~/.server/forms";
import { idFromUrl } from "~/.server/http-errors";
import { reapplyOrder, updatePost } from "~/.server/upstream/posts";
import { getFullPost } from "~/.server/upstream/resources";
import { AdFrame, SitePreviewButton } from "~/components/AdPreview";
import { AdPage } from "~/components/AdPage";
import { AdvertisementFields } from "~/components/AdvertisementForm";
import { InputPhase, PhaseActions, useConfirmForm } from "~/components/ConfirmForm";
import { FormErrors } from "~/components/fields";
import { StepHeader } from "~/components/StepHeader";
import { Alert, BackToMyPage, Card } from "~/components/ui";
import { AD_EDIT_STEPS } from "~/domain/labels";
import { pageTitle } from "~/domain/meta";

export const meta: MetaFunction = () => [{ title: pageTitle("広告編集") }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { api } = await requireAdvertiser(context);
  const id = idFromUrl(params.id);
  const post = await loadFormPage(
    context,
    () => getFullPost(api, id),
    () => null,
  );
  return {
    id,
    applicationId: post?.formattedAdvertisementId ?? String(id),
    hasOrder: Boolean(post?.publishmentOrder),
    // After an outage the form shows the posted values instead.
    defaults: post ? advertisementDefaults(post) : {},
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireAdvertiser(context);
  // The ad is checked before its images are uploaded.
  const ad = await preload(getFullPost(api, idFromUrl(params.id)));
  const origin = env().PUBLIC_ORIGIN ?? new URL(request.url).origin;
  return handleAdvertisementForm(request, api, {
    context,
    prepare: ad,
    save: async (input, post) => {
      await updatePost(api, post.id, input);
      if (post.publishmentOrder) await reapplyOrder(api, post.publishmentOrder["@id"], input);
      return redirect(`/advertiser/advertisements/${post.id}/edit/complete`);
    },
    summarize: (value) => advertisementPreview(value, origin),
  });
}

export default function AdvertiserAdvertisementsEdit() {
  const { id, applicationId, hasOrder, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { phase, form, fields, values, hasFieldErrors } = useConfirmForm<Record<string, string>>(
    actionData,
    defaults,
  );
  const preview = phase === "confirm" ? actionData?.summary : null;
  return (
    <Card>
      <h1 className="title-1">広告編集（申込ID {applicationId}）</h1>
      <StepHeader steps={AD_EDIT_STEPS} active={phase === "confirm" ? 1 : 0} />
      <div className="stack">
        {hasOrder ? (
          <Alert color="blue">
            掲載を申し込んだ広告です。保存すると原稿は再審査になり、掲載中の広告への反映には3営業日程度かかります。
          </Alert>
        ) : null}
        {preview ? (
          <section className="stack">
            <p>以下の内容で保存します。よろしければ「送信」を押してください。</p>
            <h2 className="title-2">広告枠のプレビュー</h2>
            <AdFrame frame={preview.frame} />
            <h2 className="title-2 preview-block">広告ページのプレビュー</h2>
            {preview.site ? (
              <div>
                <SitePreviewButton action={preview.site.url} fields={preview.site.fields} />
              </div>
            ) : null}
            <AdPage ad={preview.page} />
          </section>
        ) : null}
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="stack">
          <FormErrors errors={form.errors} hasFieldErrors={hasFieldErrors} />
          <InputPhase phase={phase}>
            <AdvertisementFields fields={fields} values={actionData ? values : defaults} />
          </InputPhase>
          <PhaseActions phase={phase} />
        </Form>
        <div className="group">
          <a href={`/advertiser/advertisements/${id}`}>広告詳細へ戻る</a>
        </div>
        <BackToMyPage />
      </div>
    </Card>
  );
}
