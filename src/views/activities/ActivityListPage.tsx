import {
  Alert,
  Button,
  Collapse,
  Group,
  Menu,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core"
import { useMediaQuery } from "@mantine/hooks"
import { useNavigate, useSearch } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useMemo, useRef, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import {
  liveActivityExportMachine,
  liveActivityListMachine,
} from "../../machines/activities/activities.actors"
import type { ActivityExportMachine, ExportFormat } from "../../machines/activities/activityExport"
import type { ActivityListChoices, ActivityListMachine } from "../../machines/activities/activityList"
import type { ActivityTotals } from "../../schema/activity"
import { ServerAlert } from "../common/FormMessages"
import { LoadFailed, Loading } from "../common/Loading"
import { TotalsGrid, useFigures } from "../machines/activities/ActivityCard"
import { numberIn } from "../machines/activities/figures"
import { PeriodChoice } from "../machines/activities/PeriodChoice"
import { browserZone } from "../machines/history/period"
import { ActivityTable } from "./ActivityTable"
import { choiceOf, filterKeys, queryOf } from "./listQuery"
import { type ActivityListSearch, defaultColumns } from "./listSearch"

type FilterKey = (typeof filterKeys)[number]

/** The totals of every activity of the filters (not only the page): SPEC §9 units. */
export const Totals = ({ totals }: { totals: ActivityTotals }) => {
  const { LL, locale } = useI18nContext()
  const t = LL.activities
  const f = useFigures()
  const one = numberIn(locale, 1)
  const items = [
    [t.title(), t.list.count({ count: totals.count })],
    [t.list.workHours(), f.duration(totals.workSeconds)],
    [t.duration(), f.duration(totals.durationSeconds)],
    [t.area(), f.ha(totals.areaHa)],
    [t.list.distance(), f.km((totals.workDistanceKm + totals.roadDistanceKm) * 1000)],
    [t.fuel(), f.litres(totals.fuelLitres)],
    [
      t.list.haPerHour(),
      totals.haPerHour === null ? t.unknown() : t.list.haPerHourValue({ value: one(totals.haPerHour) }),
    ],
    [
      t.list.litresPerHa(),
      totals.litresPerHa === null ? t.unknown() : t.list.litresPerHaValue({ value: one(totals.litresPerHa) }),
    ],
  ] as const
  return <TotalsGrid title={t.totals()} items={items} heading={2} />
}

/** The six filters: each a searchable choice, "Tous" when cleared. */
const Filters = ({
  search,
  choices,
  onChange,
}: {
  search: ActivityListSearch
  choices: ActivityListChoices | null
  onChange: (key: FilterKey, value: string | null) => void
}) => {
  const { LL } = useI18nContext()
  const t = LL.activities.list
  const options = (list: ReadonlyArray<{ id: string; label: string }> | undefined, chosen?: string) => {
    const all = (list ?? []).map((c) => ({ value: c.id, label: c.label }))
    // A filter the address names but the choices lack (not loaded yet) still shows as chosen.
    return chosen !== undefined && !all.some((o) => o.value === chosen)
      ? [{ value: chosen, label: "…" }, ...all]
      : all
  }
  const machines = choices?.machines.filter(
    (m) => search.cluster === undefined || m.cluster === search.cluster,
  )
  const select = (
    key: FilterKey,
    label: string,
    list: ReadonlyArray<{ id: string; label: string }> | undefined,
  ) => (
    <Select
      key={key}
      label={label}
      placeholder={t.any()}
      data={options(list, search[key])}
      value={search[key] ?? null}
      onChange={(value) => onChange(key, value)}
      searchable
      clearable
      limit={50}
      nothingFoundMessage={LL.activities.unknown()}
      comboboxProps={{ withinPortal: true }}
    />
  )
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
      {select("cluster", t.structure(), choices?.structures)}
      {select("machine", t.machine(), machines)}
      {select("field", t.field(), choices?.fields)}
      {select("driver", t.driver(), choices?.people)}
      {select("member", t.member(), choices?.people)}
      {select("productType", t.productType(), choices?.productTypes)}
    </SimpleGrid>
  )
}

/** "Exporter mes données": the list as the person filtered and ordered it, as CSV or XLSX. */
const ExportMenu = ({ busy, onExport }: { busy: boolean; onExport: (format: ExportFormat) => void }) => {
  const { LL } = useI18nContext()
  const t = LL.activities.list
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="light" loading={busy}>
          {t.exportData()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onExport("csv")}>{t.exportCsv()}</Menu.Item>
        <Menu.Item onClick={() => onExport("xlsx")}>{t.exportXlsx()}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}

/**
 * SPEC §2 Activitys: every activity the person may see over a period, filtered by structure,
 * machine, field, driver, member billed and product type, ordered by a column, a page at a time,
 * with the totals of all and "Exporter mes données". The address carries it all.
 */
export const ActivityListPage = ({
  chart,
  exportChart = liveActivityExportMachine,
  zone = browserZone(),
}: {
  /** The charts (the live ones by default; tests give them with their calls stubbed). */
  chart?: ActivityListMachine
  exportChart?: ActivityExportMachine
  zone?: string
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.activities
  const search = useSearch({ from: "/_shell/Activitys/" })
  const navigate = useNavigate({ from: "/Activitys/" })
  const query = queryOf(search, zone)
  const live = useMemo(() => chart ?? liveActivityListMachine(locale), [chart, locale])
  const actor = useActorRef(live, { input: query })
  const state = useSelector(actor, (s) => s)
  const exporter = useActorRef(exportChart)
  const exportState = useSelector(exporter, (s) => s)
  const { list, error, choices, choicesFailed } = state.context

  const asked = JSON.stringify(query)
  const sent = useRef(asked)
  useEffect(() => {
    if (sent.current === asked) return
    sent.current = asked
    actor.send({ type: "list.show", query: JSON.parse(asked) })
  }, [asked, actor])

  const go = (change: Partial<ActivityListSearch>, keepPage = false) =>
    navigate({
      search: (s: ActivityListSearch) => {
        const next: Record<string, unknown> = { ...s, ...change }
        if (!keepPage) delete next.page
        for (const [k, v] of Object.entries(next)) if (v === undefined || v === null) delete next[k]
        return next as ActivityListSearch
      },
    })
  const activeFilters = filterKeys.filter((k) => search[k] !== undefined).length
  // On a phone the six filters fold under their title: the figures come first.
  const phone = useMediaQuery("(max-width: 47.99em)", false, { getInitialValueInEffect: false })
  const [filtersOpen, setFiltersOpen] = useState(false)
  const pages = list === null ? 0 : Math.ceil(list.totals.count / list.limit)

  return (
    <Stack
      gap="md"
      p={{ base: "sm", sm: "md" }}
      maw={1400}
      component="main"
      aria-labelledby="activities-title"
    >
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2" id="activities-title">
            {t.title()}
          </Title>
          <Text c="dimmed" size="sm">
            {t.list.intro()}
          </Text>
        </div>
        <ExportMenu
          busy={exportState.hasTag("busy")}
          onExport={(format) => exporter.send({ type: "export.file", format, query, lang: locale, zone })}
        />
      </Group>
      {exportState.matches("failed") ? (
        <ServerAlert code={exportState.context.error} title={t.list.exportFailed()} />
      ) : null}
      {exportState.matches("done") ? (
        <Text size="sm" c="green.9" role="status">
          {t.list.exported()}
        </Text>
      ) : null}
      <PeriodChoice
        choice={choiceOf(search)}
        zone={zone}
        busy={state.hasTag("busy")}
        onQuick={(c) => go({ period: c, from: undefined, to: undefined })}
        onCustom={(from, to) => go({ period: "custom", from, to })}
      />
      <Stack gap={4}>
        <Group justify="space-between">
          {phone ? (
            <Button
              variant="default"
              size="sm"
              rightSection={<span aria-hidden>{filtersOpen ? "▲" : "▼"}</span>}
              aria-expanded={filtersOpen}
              aria-controls="activity-filters"
              onClick={() => setFiltersOpen((o) => !o)}
            >
              {activeFilters === 0 ? t.list.filters() : t.list.filtersCount({ count: activeFilters })}
            </Button>
          ) : (
            <Title order={2} size="h5">
              {activeFilters === 0 ? t.list.filters() : t.list.filtersCount({ count: activeFilters })}
            </Title>
          )}
          {activeFilters > 0 ? (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => go(Object.fromEntries(filterKeys.map((k) => [k, undefined])))}
            >
              {t.list.clear()}
            </Button>
          ) : null}
        </Group>
        <Collapse expanded={!phone || filtersOpen} id="activity-filters">
          <Filters
            search={search}
            choices={choices}
            onChange={(key, value) =>
              go({
                [key]: value ?? undefined,
                // A machine of another structure would leave the list empty without saying why.
                ...(key === "cluster" && value !== null ? { machine: undefined } : {}),
              })
            }
          />
        </Collapse>
        {choicesFailed ? (
          <Text size="sm" c="orange.9">
            {t.list.choicesFailed()}
          </Text>
        ) : null}
      </Stack>
      {state.matches("loading") ? <Loading text={t.loading()} /> : null}
      {state.matches("failed") ? (
        <LoadFailed
          code={error}
          title={t.loadFailed()}
          retry={t.retry()}
          onRetry={() => actor.send({ type: "list.retry" })}
        />
      ) : null}
      {state.matches("empty") ? (
        <Alert color="gray" variant="light" role="status" title={t.list.empty()}>
          {t.list.emptyHint()}
        </Alert>
      ) : null}
      {state.matches("shown") && list !== null ? (
        <Stack gap="md">
          <Totals totals={list.totals} />
          <ActivityTable
            phone={phone}
            activities={list.activities}
            zone={zone}
            columns={search.cols ?? defaultColumns}
            sort={query.sort}
            order={query.order}
            onColumns={(cols) => go({ cols }, true)}
            onSort={(sort, order) => go({ sort, order })}
          />
          {pages > 1 ? (
            <Group justify="center">
              <Pagination
                total={pages}
                value={query.page}
                onChange={(page) => go({ page }, true)}
                getControlProps={() => ({})}
                aria-label={t.list.pages()}
              />
            </Group>
          ) : null}
          <Text size="sm" c="dimmed">
            {t.timeZone({ zone })}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  )
}
