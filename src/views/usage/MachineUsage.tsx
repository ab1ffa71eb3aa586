import { Loader, Paper, SegmentedControl, Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { lazy, Suspense, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveMachineUsageMachine } from "../../machines/usage/usage.actors"
import type { MachineId } from "../../schema/ids"
import { MachineUsage as Usage, type UsageBucket } from "../../schema/usage"
import { userLabel } from "../../schema/user"
import { Totals } from "../activities/ActivityListPage"
import { LoadStatus } from "../common/Loading"
import { upTo } from "../machines/activities/figures"
import { browserZone } from "../machines/history/period"
import { figureValue, type UsageFigure, usageFigures } from "./figures"
import { bucketLabel, usagePeriod } from "./periods"
import { TotalsTable } from "./UsageTables"

const UsageBars = lazy(() => import("./UsageBars"))

/**
 * A machine's use (SPEC §2 machines/{id}/usages, docs/usage.md): hours, hectares, kilometres and
 * litres by day, week or month, a chart of the figure chosen, the members it worked for, and every
 * bucket's detail — the same sums as the list of activities.
 */
export const MachineUsage = ({
  machineId,
  chart = liveMachineUsageMachine,
  zone = browserZone(),
  now,
}: {
  machineId: MachineId
  /** The chart (the live one by default; tests give it with its call stubbed). */
  chart?: typeof liveMachineUsageMachine
  /** The time zone days are read in (the browser's by default). */
  zone?: string
  /** Today, for tests. */
  now?: number
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.usage
  const [bucket, setBucket] = useState<UsageBucket>("day")
  const [figure, setFigure] = useState<UsageFigure>("hours")
  const actor = useActorRef(chart, {
    input: { subject: machineId, ...usagePeriod("day", zone, now), bucket: "day", tz: zone },
  })
  const state = useSelector(actor, (s) => s)
  const { usage, error } = state.context
  const shown = usage instanceof Usage ? usage : null
  const format = upTo(locale, figure === "area" ? 2 : 1)
  const label = t.chart({ figure: t.figureTitles[figure](), bucket: t.bucketNames[bucket]() })
  const name = (day: string) =>
    bucket === "week" ? t.weekOf({ day: bucketLabel(day, "week", locale) }) : bucketLabel(day, bucket, locale)
  return (
    <Stack gap="md" maw={960}>
      <Title order={2} size="h3">
        {LL.screens.machineUsages()}
      </Title>
      <Text c="dimmed" size="sm">
        {t.machine.intro()}
      </Text>
      <SegmentedControl
        aria-label={t.machine.bucket()}
        value={bucket}
        disabled={state.hasTag("busy")}
        data={(["day", "week", "month"] as const).map((b) => ({ value: b, label: t.machine[b]() }))}
        onChange={(value) => {
          const b = value as UsageBucket
          setBucket(b)
          actor.send({
            type: "usage.show",
            ask: { subject: machineId, ...usagePeriod(b, zone, now), bucket: b, tz: zone },
          })
        }}
        style={{ alignSelf: "flex-start" }}
      />
      <Text size="sm" fw={500}>
        {t.machine.periods[bucket]()}
      </Text>
      <LoadStatus
        loading={state.matches("loading")}
        failed={state.matches("failed")}
        code={error}
        texts={{ loading: t.loading(), loadFailed: t.loadFailed(), retry: t.retry() }}
        onRetry={() => actor.send({ type: "usage.retry" })}
      />
      {shown !== null && shown.totals.count === 0 ? (
        <Text c="dimmed" role="status">
          {t.empty()}
        </Text>
      ) : null}
      {shown !== null && shown.totals.count > 0 ? (
        <Stack gap="md">
          <Totals totals={shown.totals} />
          <Paper withBorder p="sm" radius="md">
            <Stack gap="xs">
              <SegmentedControl
                aria-label={t.figure()}
                size="xs"
                value={figure}
                data={usageFigures.map((f) => ({ value: f, label: t.figures[f]() }))}
                onChange={(value) => setFigure(value as UsageFigure)}
                style={{ alignSelf: "flex-start" }}
              />
              <Title order={3} size="h5">
                {label}
              </Title>
              <Suspense fallback={<Loader size="sm" role="status" aria-label={LL.app.loading()} />}>
                <UsageBars
                  label={label}
                  format={(v) => `${format(v)} ${t.units[figure]()}`}
                  data={shown.points.map((p) => ({
                    name: name(p.day),
                    value: figureValue(p.totals, figure),
                  }))}
                />
              </Suspense>
            </Stack>
          </Paper>
          <TotalsTable
            title={t.machine.members()}
            first={LL.activities.member()}
            rows={shown.members.map((m) => ({
              key: m.member?.id ?? "nobody",
              name: m.member === null ? t.machine.nobody() : userLabel(m.member),
              totals: m.totals,
            }))}
          />
          <TotalsTable
            title={t.table()}
            first={t.when()}
            rows={shown.points
              .filter((p) => p.totals.count > 0)
              .map((p) => ({ key: p.day, name: name(p.day), totals: p.totals }))}
          />
        </Stack>
      ) : null}
    </Stack>
  )
}
