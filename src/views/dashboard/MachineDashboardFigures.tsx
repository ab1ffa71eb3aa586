import { Anchor, Loader, Paper, SegmentedControl, Select, Stack, Table, Text } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { lazy, Suspense, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { DashboardAnswer } from "../../machines/dashboard/dashboard"
import { liveDashboardMachine } from "../../machines/dashboard/dashboard.actors"
import type { CanConfig } from "../../schema/canbus"
import { isCatalogueCan, shownValue } from "../../schema/canCatalogue"
import { speedBands } from "../../schema/dashboard"
import type { MachineId } from "../../schema/ids"
import { quantityFields, type SeriesField } from "../../schema/rollups"
import { vibrationLevels } from "../../schema/telemetryReads"
import type { Locale } from "../../schema/user"
import { workStates } from "../../schema/workStates"
import { stateColors } from "../activities/activityTrace"
import { LoadStatus } from "../common/Loading"
import { TotalsGrid, useFigures } from "../machines/activities/ActivityCard"
import { upTo } from "../machines/activities/figures"
import { browserZone } from "../machines/history/period"
import { axisFormat, type DashboardPeriod, dashboardPeriod, dashboardPeriods } from "./dashboardPeriod"

const DashboardCharts = lazy(() => import("./DashboardCharts"))

const vibrationColors = ["#ced4da", "#74c0fc", "#1c7ed6", "#0b3d91"]

/** How many points a series asks for: about one per 3 px of a phone's or a laptop's width. */
const pointsFor = (width: number) => (width < 600 ? 120 : 300)

/**
 * A machine's dashboard figures (SPEC §2 machines/{id}/dashboard, docs/dashboards.md): a period's
 * engine time, distance and speeds, a series of speed or of any CAN value with its envelope, time
 * per state and per vibration level, time per speed band and the last values — all read from the
 * rollups, in the person's units and language.
 */
export const MachineDashboardFigures = ({
  machineId,
  chart = liveDashboardMachine,
  zone = browserZone(),
  now,
  width = typeof window === "undefined" ? 1280 : window.innerWidth,
}: {
  machineId: MachineId
  /** The chart (the live one by default; tests give it with its call stubbed). */
  chart?: typeof liveDashboardMachine
  /** The time zone days are read in (the browser's by default). */
  zone?: string
  /** Now, for tests. */
  now?: number
  width?: number
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.dashboard
  const [period, setPeriod] = useState<DashboardPeriod>("week")
  const [field, setField] = useState<SeriesField>("speed")
  const askFor = (p: DashboardPeriod, f: SeriesField) => ({
    machine: machineId,
    ...dashboardPeriod(p, zone, now),
    field: f,
    points: pointsFor(width),
  })
  const actor = useActorRef(chart, { input: askFor("week", "speed") })
  const state = useSelector(actor, (s) => s)
  const { answer, error } = state.context
  const show = (p: DashboardPeriod, f: SeriesField) => {
    setPeriod(p)
    setField(f)
    actor.send({ type: "dashboard.show", ask: askFor(p, f) })
  }
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t.intro()}
      </Text>
      <SegmentedControl
        aria-label={t.period()}
        value={period}
        data={dashboardPeriods.map((p) => ({ value: p, label: t.periods[p]() }))}
        onChange={(value) => show(value as DashboardPeriod, field)}
        style={{ alignSelf: "flex-start" }}
      />
      <LoadStatus
        loading={state.matches("loading")}
        failed={state.matches("failed")}
        code={error}
        texts={{ loading: t.loading(), loadFailed: t.loadFailed(), retry: t.retry() }}
        onRetry={() => actor.send({ type: "dashboard.retry" })}
      />
      {answer !== null && answer.figures.fixes === 0 ? (
        <Text c="dimmed" role="status">
          {t.empty()}
        </Text>
      ) : null}
      {answer !== null && answer.figures.fixes > 0 ? (
        <Shown
          answer={answer}
          period={period}
          field={field}
          zone={zone}
          locale={locale}
          onField={(f) => show(period, f)}
        />
      ) : null}
    </Stack>
  )
}

/**
 * How a field is shown: its name and unit, and its value from the raw one. A CAN value reads as
 * the machine's settings say (their label in the person's language, unit, scale and offset), else
 * by the catalogue's name and unit in the person's language, else as sent (docs/canbus.md).
 */
const useFieldNames = (configs: ReadonlyArray<CanConfig>, locale: Locale) => {
  const { LL } = useI18nContext()
  const t = LL.dashboard
  const configOf = (field: SeriesField) =>
    field.startsWith("can.") ? configs.find((c) => c.name === field.slice(4)) : undefined
  const canName = (name: string) => {
    const config = configs.find((c) => c.name === name)
    if (config?.source === "machine") return config.labels[locale]
    return isCatalogueCan(name) ? t.canNames[name]() : name
  }
  const canUnit = (name: string) => {
    const config = configs.find((c) => c.name === name)
    if (config?.source === "machine") return config.unit
    return isCatalogueCan(name) ? t.canUnits[name]() : ""
  }
  return {
    name: (field: SeriesField) =>
      field.startsWith("can.")
        ? canName(field.slice(4))
        : t.seriesFields[field as keyof typeof t.seriesFields](),
    unit: (field: SeriesField) =>
      field.startsWith("can.")
        ? canUnit(field.slice(4))
        : field === "fixes"
          ? ""
          : t.units[field as keyof typeof t.units](),
    /** The value shown for a raw one (raw × scale + offset for a CAN value). */
    shown: (field: SeriesField) => {
      const config = configOf(field)
      return (v: number | null) => (v === null || config === undefined ? v : shownValue(v, config))
    },
    /** Whether the curve picker offers it (a CAN value the settings say not to chart is left out). */
    charted: (field: SeriesField) => configOf(field)?.chart ?? true,
  }
}

const Shown = ({
  answer,
  period,
  field,
  zone,
  locale,
  onField,
}: {
  answer: DashboardAnswer
  period: DashboardPeriod
  field: SeriesField
  zone: string
  locale: string
  onField: (field: SeriesField) => void
}) => {
  const { LL } = useI18nContext()
  const t = LL.dashboard
  const f = useFigures()
  const { figures, series, states, bands, median, p90, last, configs } = answer
  const names = useFieldNames(configs.configs, locale as Locale)
  const one = upTo(locale, 1)
  const shown = names.shown(field)
  const kmh = (v: number | null) => (v === null ? LL.activities.unknown() : f.kmh(v))
  const axis = axisFormat(period, locale, zone)
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone: zone })
  const fields: Array<SeriesField> = [
    "speed",
    ...figures.can.map((c) => `can.${c.name}` as const).filter(names.charted),
    "battery",
    ...quantityFields.filter((q) => q !== "fixes"),
  ]
  const unit = names.unit(field)
  const isQuantity = (quantityFields as ReadonlyArray<string>).includes(field)
  return (
    <Stack gap="md">
      <TotalsGrid
        title={t.figures()}
        items={[
          [t.engine(), f.duration(figures.engineSeconds)],
          [t.moving(), f.duration(figures.movingSeconds)],
          [t.distance(), f.km(figures.distance)],
          [t.speedAvg(), kmh(figures.speed.avg)],
          [t.speedMax(), kmh(figures.speed.max)],
          [t.median(), kmh(median.result)],
          [t.p90(), kmh(p90.result)],
          [t.fixes(), new Intl.NumberFormat(locale).format(figures.fixes)],
        ]}
        heading={3}
      />
      <Select
        label={t.series()}
        value={field}
        data={fields.map((x) => ({ value: x, label: names.name(x) }))}
        allowDeselect={false}
        onChange={(value) => value !== null && onField(value as SeriesField)}
        maw={320}
      />
      <Suspense fallback={<Loader size="sm" role="status" aria-label={LL.app.loading()} />}>
        <DashboardCharts
          series={{
            title: t.seriesTitle({
              name: unit === "" ? names.name(field) : `${names.name(field)} (${unit})`,
            }),
            tick: one,
            hint: isQuantity ? t.seriesTotalHint() : t.seriesHint(),
            envelope: !isQuantity,
            names: { value: isQuantity ? names.name(field) : t.avg(), min: t.min(), max: t.max() },
            format: (v) => (unit === "" ? one(v) : `${one(v)} ${unit}`),
            points: series.points.map((p) => {
              // A negative scale swaps the step's extremes.
              const [low, high] = [shown(p.min), shown(p.max)]
              return {
                label: axis(p.at.epochMillis),
                value: shown(p.value),
                min: low !== null && high !== null ? Math.min(low, high) : low,
                max: low !== null && high !== null ? Math.max(low, high) : high,
              }
            }),
          }}
          donuts={[
            {
              title: t.states(),
              empty: t.statesEmpty(),
              slices: workStates.map((s) => ({
                name: LL.activities.page.state[s](),
                value: states.categories.find((c) => c.category === s)?.result ?? 0,
                color: stateColors[s],
              })),
            },
            {
              title: t.vibration(),
              empty: t.empty(),
              slices: vibrationLevels.map((level, i) => ({
                name: LL.machines.form.vibration[level](),
                value: figures.vibration[level],
                color: vibrationColors[i] ?? "#ced4da",
              })),
            },
          ]}
          bands={{
            title: t.bands(),
            format: (v) => f.duration(v * 3600),
            tick: (v) => `${one(v)} h`,
            data: bands.categories.map((b) => ({
              name: t.band({ from: b.from ?? speedBands.min, to: b.to ?? speedBands.max }),
              value: b.result / 3600,
            })),
          }}
        />
      </Suspense>
      {configs.configs.some((c) => c.seen || c.source === "machine") ? (
        <Anchor
          size="sm"
          renderRoot={(props) => <Link {...props} to="/canbus_raw" search={{ machine: configs.machine }} />}
        >
          {t.canSettingsLink()}
        </Anchor>
      ) : null}
      <Paper withBorder p="sm" radius="md">
        <Table aria-label={t.last()} captionSide="top" striped>
          <Table.Caption style={{ textAlign: "start", fontWeight: 600 }}>{t.last()}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.measure()}</Table.Th>
              <Table.Th>{t.value()}</Table.Th>
              <Table.Th>{t.when()}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {last.values.map((v) => {
              const u = names.unit(v.field as SeriesField)
              const value = names.shown(v.field as SeriesField)(v.value) ?? v.value
              return (
                <Table.Tr key={v.field}>
                  <Table.Td>{names.name(v.field as SeriesField)}</Table.Td>
                  <Table.Td>{u === "" ? one(value) : `${one(value)} ${u}`}</Table.Td>
                  <Table.Td>{when.format(v.at.epochMillis)}</Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  )
}
