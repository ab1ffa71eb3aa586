import { Badge, Blockquote, Button, Group, Paper, Stack, Text, Textarea, Title } from "@mantine/core"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { ActivityDispute, DisputeStatus } from "../../schema/activity"
import type { MessageCode } from "../../schema/messages"
import { userLabel } from "../../schema/user"
import { ServerAlert } from "../common/FormMessages"

const statusColor: Record<DisputeStatus, string> = { open: "orange", corrected: "green", kept: "gray" }

/** A form of one text and its buttons: the member's dispute, or the answer to it. */
const TextForm = ({
  label,
  hint,
  busy,
  actions,
  onCancel,
}: {
  label: string
  hint: string
  busy: boolean
  actions: ReadonlyArray<{ label: string; onSend: (text: string) => void; variant?: string }>
  onCancel?: () => void
}) => {
  const { LL } = useI18nContext()
  const [text, setText] = useState("")
  return (
    <Stack gap="xs">
      <Textarea
        label={label}
        description={hint}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        autosize
        minRows={3}
        maxLength={2000}
      />
      <Group gap="xs">
        {actions.map((a) => (
          <Button key={a.label} loading={busy} variant={a.variant ?? "filled"} onClick={() => a.onSend(text)}>
            {a.label}
          </Button>
        ))}
        {onCancel ? (
          <Button variant="subtle" onClick={onCancel} disabled={busy}>
            {LL.activities.page.disputes.cancel()}
          </Button>
        ) : null}
      </Group>
    </Stack>
  )
}

/**
 * The thread of an activity's disputes: each with who contested and why, its status, and the
 * answer; the member billed contests it here, and a person who may correct it answers.
 */
export const Disputes = ({
  disputes,
  mayDispute,
  mayEdit,
  busy,
  error,
  zone,
  onOpen,
  onSettle,
}: {
  disputes: ReadonlyArray<ActivityDispute>
  mayDispute: boolean
  mayEdit: boolean
  busy: boolean
  error: MessageCode | null
  zone: string
  onOpen: (comment: string) => void
  onSettle: (dispute: string, outcome: "corrected" | "kept", answer: string) => void
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.activities.page.disputes
  const [writing, setWriting] = useState(false)
  const when = new Intl.DateTimeFormat(locale, { timeZone: zone, dateStyle: "medium", timeStyle: "short" })
  const waiting = disputes.find((d) => d.status === "open")
  const who = (p: ActivityDispute["openedBy"]) => (p === null ? LL.activities.page.someone() : userLabel(p))
  return (
    <Stack gap="sm" component="section" aria-labelledby="activity-disputes">
      <Title order={2} size="h4" id="activity-disputes">
        {t.title()}
      </Title>
      {disputes.length === 0 ? <Text c="dimmed">{t.none()}</Text> : null}
      {disputes.map((d) => (
        <Paper
          key={d.id}
          withBorder
          radius="md"
          p="sm"
          component="article"
          aria-label={t.openedBy({ who: who(d.openedBy), when: when.format(d.openedAt.epochMillis) })}
        >
          <Stack gap={6}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600}>
                {t.openedBy({ who: who(d.openedBy), when: when.format(d.openedAt.epochMillis) })}
              </Text>
              <Badge color={statusColor[d.status]} variant="light">
                {t.status[d.status]()}
              </Badge>
            </Group>
            <Blockquote p="xs" color="gray" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {d.comment}
            </Blockquote>
            {d.answer !== null && d.answeredAt !== null ? (
              <>
                <Text size="sm" fw={600}>
                  {t.answeredBy({ who: who(d.answeredBy), when: when.format(d.answeredAt.epochMillis) })}
                </Text>
                <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  {d.answer}
                </Text>
              </>
            ) : null}
          </Stack>
        </Paper>
      ))}
      {error !== null ? <ServerAlert code={error} title={t.refused()} /> : null}
      {mayEdit && waiting !== undefined ? (
        <TextForm
          key={waiting.id}
          label={t.answer()}
          hint={t.answerHint()}
          busy={busy}
          actions={[
            { label: t.corrected(), onSend: (text) => onSettle(waiting.id, "corrected", text) },
            { label: t.kept(), variant: "light", onSend: (text) => onSettle(waiting.id, "kept", text) },
          ]}
        />
      ) : null}
      {mayDispute ? (
        writing ? (
          <TextForm
            label={t.why()}
            hint={t.whyHint()}
            busy={busy}
            actions={[{ label: t.send(), onSend: onOpen }]}
            onCancel={() => setWriting(false)}
          />
        ) : (
          <Group>
            <Button variant="light" color="orange" onClick={() => setWriting(true)}>
              {t.contest()}
            </Button>
          </Group>
        )
      ) : null}
    </Stack>
  )
}
