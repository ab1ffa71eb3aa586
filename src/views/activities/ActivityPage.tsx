import {
  Anchor,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from "@mantine/core"
import { Link, useNavigate } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveActivityEditMachine, liveActivityPageMachine } from "../../machines/activities/activities.actors"
import type { ActivityEditMachine } from "../../machines/activities/activityEdit"
import type { ActivityPageMachine } from "../../machines/activities/activityPage"
import type { ActivityChange, ActivityDetail, ActivityHistoryEntry } from "../../schema/activity"
import { pickName } from "../../schema/catalogue"
import type { ActivityId } from "../../schema/ids"
import { userLabel } from "../../schema/user"
import { ServerAlert } from "../common/FormMessages"
import { useNotify } from "../common/useNotify"
import { ActivityCard, useFigures } from "../machines/activities/ActivityCard"
import { ActivityEditDialog } from "../machines/activities/ActivityEditDialog"
import { browserZone } from "../machines/history/period"
import { legendStates, stateColors } from "./activityTrace"
import { Disputes } from "./Disputes"
import { SplitMerge } from "./SplitMerge"

const ActivityMap = lazy(() => import("./ActivityMap"))
/** The outline colour of the fields worked (as the map draws them). */
const outlineColor = "#fcc419"

/** The map's colours with the time spent in each state, and the covered area's swatch. */
const Legend = ({ detail }: { detail: ActivityDetail }) => {
  const { LL, locale } = useI18nContext()
  const t = LL.activities.page
  const f = useFigures()
  const width = detail.toolWidthM
  return (
    <Group
      component="ul"
      aria-label={t.legend()}
      gap="md"
      m={0}
      p={0}
      style={{ listStyle: "none" }}
      wrap="wrap"
    >
      {legendStates
        // Under half a minute would read "0 min": a wobble, not a state the machine was in.
        .filter((s) => detail.activity.seconds[s] >= 30)
        .map((s) => (
          <Group component="li" key={s} gap={6} wrap="nowrap">
            <Box w={18} h={5} bg={stateColors[s]} style={{ borderRadius: 3 }} aria-hidden />
            <Text size="sm">
              {t.state[s]()} · {f.duration(detail.activity.seconds[s])}
            </Text>
          </Group>
        ))}
      {detail.outlines.length > 0 ? (
        <Group component="li" gap={6} wrap="nowrap">
          <Box w={18} h={12} style={{ border: `2px dashed ${outlineColor}`, borderRadius: 2 }} aria-hidden />
          <Text size="sm">{t.fieldOutline()}</Text>
        </Group>
      ) : null}
      {width !== null && width > 0 ? (
        <Group component="li" gap={6} wrap="nowrap">
          <Box
            w={18}
            h={12}
            bg="#b2f2bb"
            style={{ border: "1px solid #2b8a3e", borderRadius: 2 }}
            aria-hidden
          />
          <Text size="sm">{t.covered({ width: new Intl.NumberFormat(locale).format(width) })}</Text>
        </Group>
      ) : (
        <Text component="li" size="sm" c="dimmed">
          {t.noWidth()}
        </Text>
      )}
    </Group>
  )
}

/** One correction as a sentence: who changed what from what to what (lists in the language's way). */
const useChangeText = (clock: (ms: number) => string) => {
  const { LL, locale } = useI18nContext()
  const t = LL.activities
  const list = new Intl.ListFormat(locale, { type: "conjunction" })
  const names = (items: ReadonlyArray<string>) => (items.length === 0 ? t.none() : list.format(items))
  const product = (v: { name: Parameters<typeof pickName>[0] } | null) =>
    v === null ? t.none() : pickName(v.name, locale)
  const texts = (c: ActivityChange): { what: string; from: string; to: string } => {
    switch (c.field) {
      case "member":
        return {
          what: t.member(),
          from: c.from === null ? t.nobody() : userLabel(c.from),
          to: c.to === null ? t.nobody() : userLabel(c.to),
        }
      case "productType":
        return { what: t.productType(), from: product(c.from), to: product(c.to) }
      case "fields":
        return {
          what: t.fieldsWorked(),
          from: names(c.from.map((f) => f.name)),
          to: names(c.to.map((f) => f.name)),
        }
      case "drivers":
        return { what: t.drivers(), from: names(c.from.map(userLabel)), to: names(c.to.map(userLabel)) }
      case "auxiliaries":
        return {
          what: t.auxiliaries(),
          from: names(c.from.map((m) => m.name)),
          to: names(c.to.map((m) => m.name)),
        }
      default:
        return { what: "", from: "", to: "" }
    }
  }
  return (entry: ActivityHistoryEntry) => {
    const who = entry.by === null ? t.page.someone() : userLabel(entry.by)
    const c = entry.change
    if (c.field === "split") return t.page.splitAt({ who, time: clock(c.at.epochMillis) })
    if (c.field === "merge") return t.page.mergedWith({ who, time: clock(c.at.epochMillis) })
    return t.page.changed({ who, ...texts(c) })
  }
}

/** What the driver said as the work ended ("J'ai terminé mon activité"). */
const Confirmations = ({
  confirmations,
  zone,
}: {
  confirmations: ActivityDetail["confirmations"]
  zone: string
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.activities.finished
  const when = new Intl.DateTimeFormat(locale, { timeZone: zone, dateStyle: "medium", timeStyle: "short" })
  if (confirmations.length === 0) return null
  return (
    <Stack gap="xs" component="section" aria-labelledby="activity-confirmations">
      <Title order={2} size="h4" id="activity-confirmations">
        {t.confirmations()}
      </Title>
      {confirmations.map((c) => (
        <Paper key={`${c.at.epochMillis}-${c.by?.id ?? ""}`} withBorder radius="md" p="sm">
          <Text size="sm" fw={600}>
            {t.confirmedBy({
              who: c.by === null ? LL.activities.page.someone() : userLabel(c.by),
              when: when.format(c.at.epochMillis),
            })}
          </Text>
          {c.field !== null ? <Text size="sm">{t.saidField({ name: c.field.name })}</Text> : null}
          {c.productType !== null ? (
            <Text size="sm">{t.saidProduct({ name: pickName(c.productType.name, locale) })}</Text>
          ) : null}
          {c.comment !== null ? (
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {t.saidComment({ comment: c.comment })}
            </Text>
          ) : null}
        </Paper>
      ))}
    </Stack>
  )
}

const History = ({ history, zone }: { history: ActivityDetail["history"]; zone: string }) => {
  const { LL, locale } = useI18nContext()
  const t = LL.activities.page
  const when = new Intl.DateTimeFormat(locale, { timeZone: zone, dateStyle: "medium", timeStyle: "short" })
  const time = new Intl.DateTimeFormat(locale, { timeZone: zone, timeStyle: "short" })
  const text = useChangeText((ms) => time.format(ms))
  return (
    <Stack gap="xs" component="section" aria-labelledby="activity-history">
      <Title order={2} size="h4" id="activity-history">
        {t.history()}
      </Title>
      {history.length === 0 ? (
        <Text c="dimmed">{t.noHistory()}</Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2}>
          {history.map((entry) => (
            <Timeline.Item
              key={`${entry.at.epochMillis}-${entry.change.field}`}
              title={when.format(entry.at.epochMillis)}
            >
              <Text size="sm">{text(entry)}</Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  )
}

/**
 * An activity's own page (`/Activitys/{id}`): the trace on the map coloured by state over the
 * ground the tool covered, every figure, the member it is for and why, and the history of its
 * corrections; a person who may correct it changes the member, the product type, the fields, the
 * drivers and the implements here.
 */
export const ActivityPage = ({
  id,
  chart = liveActivityPageMachine,
  editChart = liveActivityEditMachine,
  zone = browserZone(),
}: {
  id: ActivityId
  chart?: ActivityPageMachine
  editChart?: ActivityEditMachine
  zone?: string
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.activities
  const notify = useNotify()
  const actor = useActorRef(chart, { input: { id } })
  const state = useSelector(actor, (s) => s)
  const [editing, setEditing] = useState(false)
  const { detail, error } = state.context
  // A dispute or an answer taken: said once, as the page reads itself again.
  const was = useRef(state.value)
  useEffect(() => {
    if (state.matches("reloading") && was.current === "disputing") notify(t.page.disputes.sent())
    if (state.matches("reloading") && was.current === "settling") notify(t.page.disputes.answered())
    if (state.matches("reloading") && was.current === "splitting") notify(t.page.reshape.split())
    if (state.matches("reloading") && was.current === "merging") notify(t.page.reshape.merged())
    was.current = state.value
  }, [state, notify, t])
  // A split or merge may leave the page on another activity: its address follows.
  const navigate = useNavigate()
  const followed = state.context.id
  useEffect(() => {
    if (followed !== id)
      void navigate({ to: "/Activitys/$idActivity", params: { idActivity: followed }, replace: true })
  }, [followed, id, navigate])
  const clock = useMemo(
    () => new Intl.DateTimeFormat(locale, { timeZone: zone, timeStyle: "short" }),
    [locale, zone],
  )
  const day = new Intl.DateTimeFormat(locale, { timeZone: zone, dateStyle: "full" })
  const points = useMemo(() => detail?.points ?? [], [detail])
  const a = detail?.activity

  return (
    <Stack gap="md" p={{ base: "sm", sm: "md" }} maw={1200} component="main" aria-labelledby="activity-title">
      <Anchor component={Link} to="/Activitys" size="sm">
        ← {t.page.back()}
      </Anchor>
      {state.matches("loading") ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t.page.loading()}</Text>
        </Group>
      ) : null}
      {state.matches("failed") ? (
        <Stack gap="sm" align="flex-start">
          <Title order={1} size="h2" id="activity-title">
            {t.page.loadFailed()}
          </Title>
          <ServerAlert code={error} title={t.page.loadFailed()} />
          <Button variant="light" onClick={() => actor.send({ type: "activity.retry" })}>
            {t.retry()}
          </Button>
        </Stack>
      ) : null}
      {detail !== null && a !== undefined ? (
        <>
          <Group justify="space-between" align="flex-end" gap="sm">
            <Title order={1} size="h2" id="activity-title">
              {t.page.title({ machine: a.machine.name, when: day.format(a.start.epochMillis) })}
            </Title>
            <Anchor
              size="sm"
              renderRoot={(props) => (
                <Link {...props} to="/machines/$idmachine" params={{ idmachine: a.machine.id }} />
              )}
            >
              {t.page.machine()}
            </Anchor>
          </Group>
          <Paper withBorder radius="md" p="xs">
            <Stack gap="xs">
              {points.length === 0 ? (
                <Text c="dimmed" p="md">
                  {t.page.noTrace()}
                </Text>
              ) : (
                <Suspense fallback={<Skeleton h={{ base: 320, sm: 460 }} radius="md" />}>
                  <Box h={{ base: 320, sm: 460 }}>
                    <ActivityMap
                      points={points}
                      toolWidthM={detail.toolWidthM}
                      outlines={detail.outlines}
                      height="100%"
                    />
                  </Box>
                </Suspense>
              )}
              <Legend detail={detail} />
            </Stack>
          </Paper>
          <ActivityCard
            activity={a}
            clock={(at) => clock.format(at)}
            onEdit={detail.mayEdit ? () => setEditing(true) : undefined}
          />
          <Confirmations confirmations={detail.confirmations} zone={zone} />
          <Disputes
            disputes={detail.disputes}
            mayDispute={detail.mayDispute}
            mayEdit={detail.mayEdit}
            busy={state.hasTag("busy")}
            error={state.context.disputeError}
            zone={zone}
            onOpen={(comment) => actor.send({ type: "dispute.open", comment })}
            onSettle={(dispute, outcome, answer) =>
              actor.send({ type: "dispute.settle", dispute, outcome, answer })
            }
          />
          {detail.mayEdit ? (
            <SplitMerge
              // A split or merge done: the next one starts from an empty time.
              key={`${a.id}-${a.start.epochMillis}-${a.end.epochMillis}`}
              detail={detail}
              clock={(at) => clock.format(at)}
              busy={state.hasTag("busy")}
              error={state.context.changeError}
              onSplit={(at) => actor.send({ type: "activity.split", at })}
              onMerge={(other) => actor.send({ type: "activity.merge", with: other })}
            />
          ) : null}
          <History history={detail.history} zone={zone} />
          <Text size="sm" c="dimmed">
            {t.timeZone({ zone })}
          </Text>
          {editing ? (
            <ActivityEditDialog
              activity={a}
              cluster={a.machine.cluster.id}
              chart={editChart}
              title={t.editTitle({
                when: `${day.format(a.start.epochMillis)} ${clock.format(a.start.epochMillis)}`,
              })}
              onClose={() => setEditing(false)}
              onSaved={() => {
                setEditing(false)
                actor.send({ type: "activity.reload" })
                notify(t.saved())
              }}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  )
}
