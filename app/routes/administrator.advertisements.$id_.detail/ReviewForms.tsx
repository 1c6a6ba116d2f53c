// The review actions of the administrator's ad detail: one <Form method="post"> per action, each
// with its own errors and typed values, working without JS. Approve and remand are enabled only
// when the order's flags say so (SPEC §4); without an order only contact and delete remain.
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { useEffect, useState, type CSSProperties, type ReactNode } from "react";
import { useHydrated } from "~/components/hydrated";
import { REMAND_REASONS, REVIEW_NOTE_MAX } from "~/domain/review";
import { UNPAID_CONFIRM_QUERY } from "~/domain/payment";
import type { ReviewIntent } from "./detail.server";

type Result = {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
};
type ActionData = { intent: ReviewIntent; result: Result } | undefined;

type Order = {
  publishesAt: string;
  confirmable: boolean;
  remandable: boolean;
  markPaidEnabled: boolean;
  markUnpaidEnabled: boolean;
  paymentMethodLabel: string;
  paidAt: string;
  today: string;
} | null;

/** What the last post of this form answered: its typed values and errors. */
function replyOf(actionData: ActionData, intent: ReviewIntent) {
  const result = actionData?.intent === intent ? actionData.result : undefined;
  const raw = (name: string) => result?.initialValue?.[name];
  return {
    /** Whether this form was answered: a field it left empty then stays empty, not the default. */
    answered: Boolean(result),
    text: (name: string) => {
      const value = raw(name);
      return typeof value === "string" ? value : undefined;
    },
    list: (name: string) => {
      const value = raw(name);
      return Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : [];
    },
    error: (name: string) => result?.error?.[name]?.join(" ") || undefined,
    formErrors: result?.error?.[""] ?? [],
  };
}

function ActionCard({
  title,
  intent,
  disabledNote,
  children,
  submitLabel,
  color,
  reply,
}: {
  title: string;
  intent: ReviewIntent;
  disabledNote?: string;
  children: ReactNode;
  submitLabel: string;
  color?: string;
  reply: ReturnType<typeof replyOf>;
}) {
  const busy = useBusy(intent);
  const disabled = Boolean(disabledNote);
  return (
    <Paper withBorder p="md">
      <Form method="post" aria-label={title}>
        <input type="hidden" name="intent" value={intent} />
        {/* A disabled fieldset disables every control in it, with or without JS. */}
        <fieldset disabled={disabled} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Stack gap="sm">
            <CardHeading title={title} disabledNote={disabledNote} formErrors={reply.formErrors} />
            {children}
            <Group justify="flex-end">
              <Button type="submit" color={color} loading={busy}>
                {submitLabel}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </Form>
    </Paper>
  );
}

function NoteField({
  reply,
  label,
  required,
  description,
}: {
  reply: ReturnType<typeof replyOf>;
  label: string;
  required?: boolean;
  description?: string;
}) {
  return (
    <Textarea
      name="note"
      label={label}
      description={description}
      required={required}
      maxLength={REVIEW_NOTE_MAX}
      autosize
      minRows={3}
      defaultValue={reply.text("note") ?? ""}
      error={reply.error("note")}
    />
  );
}

/** The start date to approve with or move to: the order's own until this form is answered. */
function PublishesAtField({
  reply,
  label,
  description,
  current,
}: {
  reply: ReturnType<typeof replyOf>;
  label: string;
  description?: string;
  current: string;
}) {
  return (
    <TextInput
      type="date"
      name="publishesAt"
      label={label}
      description={description}
      required
      defaultValue={reply.text("publishesAt") ?? current}
      error={reply.error("publishesAt")}
    />
  );
}

export function ReviewActions({
  id,
  order,
  confirmDelete,
  confirmUnpaid,
  actionData,
}: {
  id: number;
  order: Order;
  confirmDelete: boolean;
  /** `?unpaid=confirm`: the question before 未入金に戻す (the page state that works without JS). */
  confirmUnpaid: boolean;
  actionData: ActionData;
}) {
  // The redirect after a success starts the forms afresh (a new location). An answer with errors
  // keeps them as they are, also through the reload that follows it, so an open modal stays.
  const { key } = useLocation();
  const confirm = replyOf(actionData, "confirm");
  const remand = replyOf(actionData, "remand");
  const move = replyOf(actionData, "publishesAt");
  const contact = replyOf(actionData, "contact");
  const remove = replyOf(actionData, "delete");
  return (
    <Stack gap="sm" key={actionData ? "answered" : key}>
      <Title order={2} size="h4">
        審査・管理
      </Title>
      {order ? null : (
        <Text size="sm">掲載の申込がないため、承認・差し戻し・掲載開始日の変更はできません。</Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {order ? (
          <ActionCard
            title="承認"
            intent="confirm"
            submitLabel="承認する"
            reply={confirm}
            disabledNote={order.confirmable ? undefined : "この広告は承認できない状態です。"}
          >
            <PublishesAtField reply={confirm} label="掲載開始日" current={order.publishesAt} />
            <NoteField reply={confirm} label="広告主へのメッセージ（任意）" />
          </ActionCard>
        ) : null}
        {order ? (
          <ActionCard
            title="差し戻し"
            intent="remand"
            submitLabel="差し戻す"
            color="red"
            reply={remand}
            disabledNote={order.remandable ? undefined : "この広告は差し戻しできない状態です。"}
          >
            <Checkbox.Group
              label="よくある理由（選ぶと理由に加わります）"
              defaultValue={remand.list("reasons")}
            >
              <Stack gap={6} mt={6}>
                {REMAND_REASONS.map((reason) => (
                  <Checkbox key={reason} name="reasons" value={reason} label={reason} />
                ))}
              </Stack>
            </Checkbox.Group>
            <NoteField
              reply={remand}
              label="差し戻しの理由"
              description="広告主へのメッセージとメールで伝えられます。"
            />
          </ActionCard>
        ) : null}
        {order ? (
          <ActionCard
            title="掲載開始日の変更"
            intent="publishesAt"
            submitLabel="開始日を変更する"
            reply={move}
          >
            <PublishesAtField
              reply={move}
              label="新しい掲載開始日"
              description="掲載終了日はコースの期間に合わせて移動します。"
              current={order.publishesAt}
            />
            <NoteField reply={move} label="広告主へのメッセージ（任意）" />
          </ActionCard>
        ) : null}
        <ActionCard title="広告主へ連絡" intent="contact" submitLabel="送信する" reply={contact}>
          <NoteField
            reply={contact}
            label="メッセージ"
            required
            description="この広告のメッセージとして広告主に届きます。"
          />
        </ActionCard>
      </SimpleGrid>
      {order ? (
        <PaymentActions
          id={id}
          order={order}
          confirmUnpaid={confirmUnpaid}
          actionData={actionData}
        />
      ) : null}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3} size="h5">
            広告の削除
          </Title>
          <FormErrors messages={remove.formErrors} />
          {confirmDelete ? (
            // The confirmation step is a page state of its own, so it works without JS.
            <ConfirmStep
              id={id}
              question="この広告を削除しますか？"
              text="削除した広告は広告主の一覧に表示されなくなり、元に戻せません。"
              intent="delete"
              submitLabel="削除する"
            />
          ) : (
            <Group>
              <Button
                component={Link}
                to="?delete=confirm"
                variant="outline"
                color="red"
                preventScrollReset
              >
                この広告を削除…
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * A confirmation step without JavaScript: the question, what it does, and the one form that does
 * it; キャンセル goes back to the detail as it was.
 */
function ConfirmStep(props: {
  id: number;
  question: string;
  text: string;
  intent: ReviewIntent;
  submitLabel: string;
  formLabel?: string;
  /** Sends `confirmed=1`, which the action asks of an irreversible payment step. */
  confirmed?: boolean;
  style?: CSSProperties;
}) {
  const detail = `/administrator/advertisements/${props.id}/detail`;
  return (
    <Alert color="red" role="alert" style={props.style}>
      {/* Mantine's red alert title is too light for AA: the question is body text. */}
      <Text fw={700} mb={4}>
        {props.question}
      </Text>
      <Text size="sm" mb="sm">
        {props.text}
      </Text>
      <Form method="post" action={detail} aria-label={props.formLabel}>
        {props.confirmed ? <input type="hidden" name="confirmed" value="1" /> : null}
        <Group>
          <Button type="submit" name="intent" value={props.intent} color="red">
            {props.submitLabel}
          </Button>
          <Button component={Link} to={detail} variant="default">
            キャンセル
          </Button>
        </Group>
      </Form>
    </Alert>
  );
}

const MARK_PAID_DISABLED =
  "支払済み、または銀行振込以外のお支払い手続き中のため、入金済みにできません。";
const MARK_UNPAID_DISABLED = "まだ支払いがないため、未入金に戻せません。";
// Mantine's close button is an icon only: it needs a name (axe button-name).
const CLOSE_LABEL = { "aria-label": "閉じる" };
const MARK_UNPAID_TEXT = "支払ステータスを「支払前」に戻し、売上を取り消します。";
const MARK_UNPAID_QUESTION = "この申込の入金を取り消して、未入金に戻しますか？";

/** The mark-paid fields, the same in the plain form and in the modal, keeping the typed values. */
function MarkPaidFields({ reply, today }: { reply: ReturnType<typeof replyOf>; today: string }) {
  return (
    <>
      <TextInput
        type="date"
        name="paidAt"
        label="入金日"
        required
        defaultValue={reply.text("paidAt") ?? (reply.answered ? "" : today)}
        error={reply.error("paidAt")}
      />
      <Radio.Group
        name="paymentType"
        label="入金の種別"
        required
        defaultValue={reply.text("paymentType") ?? "direct"}
        error={reply.error("paymentType")}
      >
        <Group mt={6}>
          <Radio value="direct" label="銀行振込（直接）" />
          <Radio value="other" label="その他" />
        </Group>
      </Radio.Group>
      <TextInput
        name="paymentMethod"
        label="支払方法（その他の場合）"
        defaultValue={reply.text("paymentMethod") ?? ""}
        error={reply.error("paymentMethod")}
      />
      <Textarea
        name="paymentNote"
        label="メモ（任意）"
        maxLength={REVIEW_NOTE_MAX}
        autosize
        minRows={2}
        defaultValue={reply.text("paymentNote") ?? ""}
        error={reply.error("paymentNote")}
      />
    </>
  );
}

/**
 * 入金管理 (SPEC §4, §5): mark paid (paid date, type direct or other, the method for other, a
 * note) and mark unpaid, each enabled exactly as SPEC §4 says. Plain forms until JavaScript runs
 * the page; then each opens a modal (ARCHITECTURE §1: JS only enhances), posting the same intent.
 */
function PaymentActions({
  id,
  order,
  confirmUnpaid,
  actionData,
}: {
  id: number;
  order: NonNullable<Order>;
  confirmUnpaid: boolean;
  actionData: ActionData;
}) {
  const hydrated = useHydrated();
  const paid = replyOf(actionData, "markPaid");
  const unpaid = replyOf(actionData, "markUnpaid");
  const paidNote = order.markPaidEnabled ? undefined : MARK_PAID_DISABLED;
  const unpaidNote = order.markUnpaidEnabled ? undefined : MARK_UNPAID_DISABLED;
  return (
    <>
      <Title order={2} size="h4" mt="sm">
        入金管理
      </Title>
      {order.paidAt ? (
        <Text size="sm">{`入金日: ${order.paidAt} / 支払方法: ${order.paymentMethodLabel || "—"}`}</Text>
      ) : null}
      {hydrated ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <MarkPaidModal
            reply={paid}
            answered={actionData?.intent === "markPaid" ? actionData : undefined}
            today={order.today}
            disabledNote={paidNote}
          />
          <MarkUnpaidModal
            reply={unpaid}
            disabledNote={unpaidNote}
            asked={confirmUnpaid && !unpaidNote}
          />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <ActionCard
            title="入金済みにする"
            intent="markPaid"
            submitLabel="入金済みにする"
            reply={paid}
            disabledNote={paidNote}
          >
            <MarkPaidFields reply={paid} today={order.today} />
          </ActionCard>
          <MarkUnpaidStep
            id={id}
            reply={unpaid}
            disabledNote={unpaidNote}
            asked={confirmUnpaid && !unpaidNote}
          />
        </SimpleGrid>
      )}
    </>
  );
}

/** A payment action's card once JS runs: its title, why it is disabled, and the opening button. */
function ModalCard({
  title,
  disabledNote,
  formErrors = [],
  children,
}: {
  title: string;
  disabledNote?: string;
  formErrors?: string[];
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <CardHeading title={title} disabledNote={disabledNote} formErrors={formErrors} />
        <Group justify="flex-end">{children}</Group>
      </Stack>
    </Paper>
  );
}

/** A card's title, why its action is disabled, and the refusals of its last post. */
function CardHeading(props: { title: string; disabledNote?: string; formErrors: string[] }) {
  return (
    <>
      <Title order={3} size="h5">
        {props.title}
      </Title>
      {props.disabledNote ? (
        <Text size="sm" c="dimmed">
          {props.disabledNote}
        </Text>
      ) : null}
      <FormErrors messages={props.formErrors} />
    </>
  );
}

function FormErrors({ messages }: { messages: string[] }) {
  return messages.map((message) => (
    <Alert key={message} color="red" role="alert" p="xs">
      {message}
    </Alert>
  ));
}

function useBusy(intent: ReviewIntent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/**
 * A payment action's card once JS runs, with the button that opens its modal: a form posting
 * `intent` (titled and named by `label`) whose submit sits beside a キャンセル that only closes it.
 */
function ActionModal(props: {
  label: string;
  intent: ReviewIntent;
  opened: boolean;
  setOpened: (opened: boolean) => void;
  disabledNote?: string;
  /** The refusals of the last post that are not about a field (shown in the card). */
  formErrors?: string[];
  color?: string;
  noValidate?: boolean;
  /** Sends `confirmed=1`, which the action asks of an irreversible payment step. */
  confirmed?: boolean;
  gap: "sm" | "md";
  children: ReactNode;
}) {
  const { label, setOpened } = props;
  const busy = useBusy(props.intent);
  return (
    <ModalCard title={label} disabledNote={props.disabledNote} formErrors={props.formErrors}>
      <Button
        color={props.color}
        disabled={Boolean(props.disabledNote)}
        aria-haspopup="dialog"
        onClick={() => setOpened(true)}
      >
        {label}
      </Button>
      <Modal
        opened={props.opened}
        onClose={() => setOpened(false)}
        title={label}
        centered
        closeButtonProps={CLOSE_LABEL}
      >
        <Form method="post" aria-label={label} noValidate={props.noValidate}>
          <input type="hidden" name="intent" value={props.intent} />
          {props.confirmed ? <input type="hidden" name="confirmed" value="1" /> : null}
          <Stack gap={props.gap}>
            {props.children}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                キャンセル
              </Button>
              <Button type="submit" color={props.color} loading={busy}>
                {label}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Modal>
    </ModalCard>
  );
}

/**
 * 入金済みにする in a modal. The action still validates (SPEC §5): when it answers this intent with
 * errors, the modal opens again with them beside the fields and the typed values kept. A success
 * redirects, which starts the section afresh (its key is the location), so the modal is closed.
 */
function MarkPaidModal({
  reply,
  answered,
  today,
  disabledNote,
}: {
  reply: ReturnType<typeof replyOf>;
  answered: ActionData;
  today: string;
  disabledNote?: string;
}) {
  const [opened, setOpened] = useState(Boolean(answered));
  // Each answer is a new object: reopen for it even when the section was not remounted.
  useEffect(() => {
    if (answered) setOpened(true);
  }, [answered]);
  return (
    // noValidate: the SPEC's own texts (※必須です) come back beside the fields, as without JS.
    <ActionModal
      label="入金済みにする"
      intent="markPaid"
      {...{ opened, setOpened, disabledNote }}
      noValidate
      gap="sm"
    >
      <FormErrors messages={reply.formErrors} />
      <MarkPaidFields reply={reply} today={today} />
    </ActionModal>
  );
}

/**
 * 未入金に戻す without JavaScript: a link to the confirmation step (`?unpaid=confirm`), whose form
 * alone reverses the payment; キャンセル goes back to the detail as it was.
 */
function MarkUnpaidStep({
  id,
  reply,
  disabledNote,
  asked,
}: {
  id: number;
  reply: ReturnType<typeof replyOf>;
  disabledNote?: string;
  asked: boolean;
}) {
  return (
    <ModalCard title="未入金に戻す" disabledNote={disabledNote} formErrors={reply.formErrors}>
      {asked ? (
        <ConfirmStep
          id={id}
          question={MARK_UNPAID_QUESTION}
          text={MARK_UNPAID_TEXT}
          intent="markUnpaid"
          submitLabel="未入金に戻す"
          formLabel="未入金に戻す"
          confirmed
          style={{ flex: 1 }}
        />
      ) : disabledNote ? (
        <Button color="red" disabled>
          未入金に戻す…
        </Button>
      ) : (
        <Button
          component={Link}
          to={`?${UNPAID_CONFIRM_QUERY}`}
          color="red"
          variant="outline"
          preventScrollReset
        >
          未入金に戻す…
        </Button>
      )}
    </ModalCard>
  );
}

/** 未入金に戻す behind a confirmation; a refusal shows in the card, the modal closed. */
function MarkUnpaidModal({
  reply,
  disabledNote,
  asked,
}: {
  reply: ReturnType<typeof replyOf>;
  disabledNote?: string;
  /** The page was opened at the confirmation step (a link followed before the script ran). */
  asked: boolean;
}) {
  const [opened, setOpened] = useState(asked);
  return (
    <ActionModal
      label="未入金に戻す"
      intent="markUnpaid"
      {...{ opened, setOpened, disabledNote }}
      formErrors={reply.formErrors}
      color="red"
      confirmed
      gap="md"
    >
      <Text size="sm" fw={700}>
        {MARK_UNPAID_QUESTION}
      </Text>
      <Text size="sm">{MARK_UNPAID_TEXT}</Text>
    </ActionModal>
  );
}
