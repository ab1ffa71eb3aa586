import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useMemo, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveFinishActivityMachine } from "../../machines/activities/activities.actors"
import type { FinishActivityMachine } from "../../machines/activities/finishActivity"
import type { ActivityId, FieldId, FilterEntryId, UserId } from "../../schema/ids"
import { ServerAlert } from "../common/FormMessages"
import { browserZone } from "../machines/history/period"

const none = "none"
/** "Recent": the last two days, a night's work and the morning after included. */
const recentHours = 48

/** The form once the recent activities are there: which one, its field, the product, a word. */
const Saying = ({ actor }: { actor: ReturnType<typeof useActorRef<FinishActivityMachine>> }) => {
  const { LL, locale } = useI18nContext()
  const t = LL.activities.finished
  const state = useSelector(actor, (s) => s)
  const { recent, productTypes, error } = state.context
  const zone = browserZone()
  const when = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
  })
  const [chosen, setChosen] = useState<string>(recent[0]?.id ?? "")
  const activity = recent.find((a) => a.id === chosen) ?? recent[0]
  const [field, setField] = useState<string>(
    activity?.fields.length === 1 ? (activity.fields[0]?.id ?? none) : none,
  )
  const [product, setProduct] = useState<string>(activity?.productType?.id ?? none)
  const [comment, setComment] = useState("")
  if (activity === undefined) return null
  return (
    <Stack
      component="form"
      gap="md"
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({
          type: "finish.confirm",
          activity: activity.id as ActivityId,
          field: field === none ? null : (field as FieldId),
          productType: product === none ? null : (product as FilterEntryId),
          comment,
        })
      }}
    >
      <Radio.Group
        label={t.which()}
        value={activity.id}
        onChange={(id) => {
          setChosen(id)
          const next = recent.find((a) => a.id === id)
          setField(next?.fields.length === 1 ? (next.fields[0]?.id ?? none) : none)
          setProduct(next?.productType?.id ?? none)
        }}
      >
        <Stack gap="xs" mt="xs">
          {recent.map((a) => (
            <Radio.Card key={a.id} value={a.id} p="sm" radius="md" withBorder>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator />
                <div>
                  <Text fw={600}>
                    {t.choice({
                      machine: a.machine.name,
                      when: `${when.format(a.start.epochMillis)} – ${new Intl.DateTimeFormat(locale, { timeZone: zone, timeStyle: "short" }).format(a.end.epochMillis)}`,
                    })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {a.fields.map((f) => f.name).join(", ") || LL.activities.unknown()}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      <Select
        label={t.field()}
        data={[
          { value: none, label: t.noField() },
          ...activity.fields.map((f) => ({ value: f.id, label: f.name })),
        ]}
        value={field}
        onChange={(v) => setField(v ?? none)}
        allowDeselect={false}
      />
      <Select
        label={t.productType()}
        data={[
          { value: none, label: t.noProduct() },
          ...productTypes.map((p) => ({ value: p.id, label: p.label })),
        ]}
        value={product}
        onChange={(v) => setProduct(v ?? none)}
        allowDeselect={false}
        searchable
      />
      <Textarea
        label={t.comment()}
        description={t.commentHint()}
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
        autosize
        minRows={3}
        maxLength={2000}
      />
      {error !== null ? <ServerAlert code={error} title={t.refused()} /> : null}
      <Button type="submit" size="lg" fullWidth loading={state.hasTag("busy")}>
        {t.confirm()}
      </Button>
    </Stack>
  )
}

/**
 * "J'ai terminé mon activité" (`/Activitys/finished`, the home card): on a phone as the work
 * ends, the driver picks the activity just done (the newest first) and says which field, what was
 * spread and a word for the office; the office reads it on the activity's page.
 */
export const FinishActivityPage = ({ me, chart }: { me: UserId; chart?: FinishActivityMachine }) => {
  const { LL, locale } = useI18nContext()
  const t = LL.activities.finished
  const live = useMemo(() => chart ?? liveFinishActivityMachine(locale), [chart, locale])
  const [window] = useState(() => {
    const now = Date.now()
    return {
      driver: me,
      start: new Date(now - recentHours * 3_600_000).toISOString(),
      end: new Date(now + 3_600_000).toISOString(),
    }
  })
  const actor = useActorRef(live, { input: window })
  const state = useSelector(actor, (s) => s)
  const { confirmed, saying, error } = state.context
  return (
    <Stack gap="md" p={{ base: "sm", sm: "md" }} maw={640} component="main" aria-labelledby="finish-title">
      <Title order={1} size="h2" id="finish-title">
        {t.title()}
      </Title>
      <Text c="dimmed">{t.intro()}</Text>
      {state.matches("loading") ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{LL.activities.loading()}</Text>
        </Group>
      ) : null}
      {state.matches("failed") ? (
        <Stack gap="sm" align="flex-start">
          <ServerAlert code={error} title={LL.activities.loadFailed()} />
          <Button variant="light" onClick={() => actor.send({ type: "finish.retry" })}>
            {LL.activities.retry()}
          </Button>
        </Stack>
      ) : null}
      {state.matches("none") ? (
        <Alert color="gray" variant="light" role="status" title={t.none()}>
          <Stack gap="xs">
            <Text size="sm">{t.noneHint()}</Text>
            <Anchor renderRoot={(props) => <Link {...props} to="/Activitys" />}>{t.all()}</Anchor>
          </Stack>
        </Alert>
      ) : null}
      {state.matches("choosing") || state.matches("confirming") ? <Saying actor={actor} /> : null}
      {state.matches("done") && confirmed !== null && saying !== null ? (
        <Alert color="green" variant="light" role="status" title={t.thanks()}>
          <Group gap="md">
            <Anchor
              renderRoot={(props) => (
                <Link {...props} to="/Activitys/$idActivity" params={{ idActivity: saying.activity }} />
              )}
            >
              {t.open()}
            </Anchor>
            <Button variant="subtle" size="compact-sm" onClick={() => actor.send({ type: "finish.again" })}>
              {t.another()}
            </Button>
          </Group>
        </Alert>
      ) : null}
    </Stack>
  )
}
