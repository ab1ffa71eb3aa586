import { Alert, Box, Button, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { lazy, Suspense, useMemo, useState } from "react"
import { useI18nContext } from "../../../i18n/i18n-react"
import { liveHistoryMachine } from "../../../machines/telemetry/history.actors"
import type { MachineId } from "../../../schema/ids"
import { historyMaxDays } from "../../../schema/positions"
import { ServerAlert } from "../../common/FormMessages"
import { PeriodPicker } from "../../common/PeriodPicker"
import {
  browserZone,
  daysPeriod,
  type PeriodChoice,
  quickChoices,
  quickPeriod,
  rangeProblem,
  todayIn,
} from "./period"
import { Replay } from "./Replay"
import { type Cursor, colorOf, noSpeedColor, speedLimits, timelineOf } from "./trace"

const HistoryMap = lazy(() => import("./HistoryMap"))

type HistoryChart = typeof liveHistoryMachine

/** The speed classes' colours and what they mean. */
const Legend = () => {
  const { LL } = useI18nContext()
  const t = LL.machineHistory
  const classes = [
    t.speedBelow({ max: speedLimits[0] }),
    ...speedLimits.slice(1).map((max, i) => t.speedBetween({ min: speedLimits[i] ?? 0, max })),
    t.speedAbove({ min: speedLimits[speedLimits.length - 1] ?? 0 }),
  ]
  const items = [
    ...classes.map((label, i) => ({ label, color: colorOf(i) })),
    { label: t.speedUnknown(), color: noSpeedColor },
  ]
  return (
    <Box component="figure" m={0} aria-label={t.legend()}>
      <Text component="figcaption" size="sm" fw={600}>
        {t.legend()}
      </Text>
      <Group component="ul" gap="xs" p={0} m={0} mt={4} style={{ listStyle: "none" }}>
        {items.map((item) => (
          <Group component="li" key={item.label} gap={6} wrap="nowrap">
            <Box w={22} h={6} bg={item.color} style={{ borderRadius: 3 }} aria-hidden />
            <Text size="sm">{item.label}</Text>
          </Group>
        ))}
      </Group>
    </Box>
  )
}

/** The period of the history: today and the quick choices, or a range of days. */
const HistoryPeriod = ({
  choice,
  onQuick,
  onCustom,
  zone,
  busy,
}: {
  choice: PeriodChoice
  onQuick: (choice: (typeof quickChoices)[number]) => void
  onCustom: (first: string, last: string) => void
  zone: string
  busy: boolean
}) => {
  const { LL } = useI18nContext()
  const t = LL.machineHistory
  return (
    <PeriodPicker
      choices={quickChoices}
      choice={choice}
      today={todayIn(zone)}
      texts={{
        period: t.period(),
        custom: t.custom(),
        from: t.from(),
        to: t.to(),
        show: t.show(),
        choice: (c) => t[c](),
        problem: (p) => (p === "tooLong" ? t.tooLong({ max: historyMaxDays }) : t[p]()),
      }}
      rangeProblem={rangeProblem}
      onQuick={onQuick}
      onCustom={onCustom}
      busy={busy}
    />
  )
}

/**
 * A machine's position history (its dashboard tab): the period (today first), the trace on the
 * map coloured by speed with the box's silences as gaps, the legend, and the replay. A card of its
 * own, titled, so that the dashboard's other cards go above or below it.
 */
export const MachineHistory = ({
  machineId,
  chart = liveHistoryMachine,
  zone = browserZone(),
}: {
  machineId: MachineId
  /** The chart (the live one by default; tests give one with its call stubbed). */
  chart?: HistoryChart
  /** The time zone the days and times are read in (the browser's by default). */
  zone?: string
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.machineHistory
  const [choice, setChoice] = useState<PeriodChoice>("today")
  const actor = useActorRef(chart, { input: { machine: machineId, ...quickPeriod("today", zone) } })
  const state = useSelector(actor, (s) => s)
  const { trace, error, period } = state.context
  const timeline = useMemo(() => (trace === null ? [] : timelineOf(trace)), [trace])
  const [cursor, setCursor] = useState<Cursor | null>(null)
  const [seek, setSeek] = useState<{ at: number; n: number } | null>(null)
  const day = new Intl.DateTimeFormat(locale, { timeZone: zone, dateStyle: "medium", timeStyle: "short" })
  const titleId = `history-${machineId}`
  return (
    <Paper withBorder p={{ base: "sm", sm: "md" }} radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={3} size="h4" id={titleId}>
          {t.title()}
        </Title>
        <HistoryPeriod
          choice={choice}
          zone={zone}
          busy={state.hasTag("busy")}
          onQuick={(c) => {
            setChoice(c)
            setSeek(null)
            actor.send({ type: "history.show", ...quickPeriod(c, zone) })
          }}
          onCustom={(first, last) => {
            setChoice("custom")
            setSeek(null)
            actor.send({ type: "history.show", ...daysPeriod(first, last, zone) })
          }}
        />
        {state.matches("loading") ? (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text>{t.loading()}</Text>
          </Group>
        ) : null}
        {state.matches("failed") ? (
          <Stack gap="sm" align="flex-start">
            <ServerAlert code={error} title={t.loadFailed()} />
            <Button variant="light" onClick={() => actor.send({ type: "history.retry" })}>
              {t.retry()}
            </Button>
          </Stack>
        ) : null}
        {state.matches("empty") ? (
          <Alert color="gray" variant="light" title={t.empty()} role="status">
            {t.emptyHint({
              start: day.format(Date.parse(period.start)),
              end: day.format(Date.parse(period.end)),
            })}
          </Alert>
        ) : null}
        {state.matches("shown") && trace !== null ? (
          <Stack gap="sm">
            <Text size="sm" c="dimmed" role="status">
              {t.summary({ fixes: trace.fixes, segments: timeline.length })}{" "}
              {trace.tolerance > 0 ? t.simplified({ metres: Math.round(trace.tolerance * 10) / 10 }) : null}
            </Text>
            <Suspense
              fallback={
                <Box h={420} style={{ display: "grid", placeItems: "center" }}>
                  <Loader role="progressbar" aria-label={LL.app.loading()} />
                </Box>
              }
            >
              <HistoryMap
                timeline={timeline}
                cursor={cursor}
                onPick={(at) => setSeek((s) => ({ at, n: (s?.n ?? 0) + 1 }))}
                height="min(60vh, 480px)"
              />
            </Suspense>
            <Replay
              key={`${period.start}/${period.end}`}
              timeline={timeline}
              zone={zone}
              onCursor={setCursor}
              seek={seek}
            />
            <Legend />
            <Text size="sm" c="dimmed">
              {t.gaps()} {t.timeZone({ zone })}
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  )
}
