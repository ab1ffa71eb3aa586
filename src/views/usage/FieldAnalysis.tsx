import { Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { lazy, Suspense, useMemo, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveFieldAnalysisMachine } from "../../machines/usage/usage.actors"
import { pickName } from "../../schema/catalogue"
import type { FieldId } from "../../schema/ids"
import { FieldAnalysis as Analysis } from "../../schema/usage"
import { LoadStatus } from "../common/Loading"
import { useFigures } from "../machines/activities/ActivityCard"
import { numberIn, upTo } from "../machines/activities/figures"
import { browserZone } from "../machines/history/period"
import { bucketLabel, type Season, seasonsOf } from "./periods"
import { SeasonSelect, useSeasonName } from "./SeasonSelect"
import { TotalsTable } from "./UsageTables"

const UsageBars = lazy(() => import("./UsageBars"))

/**
 * A field's season (SPEC §2 fields/{idField}/analyses, docs/usage.md#a-fields-season): the area
 * worked in it against its own, the passes, the machines and products, month by month; each
 * activity counted for its part in the field only.
 */
export const FieldAnalysis = ({
  field,
  chart = liveFieldAnalysisMachine,
  zone = browserZone(),
  now,
}: {
  field: FieldId
  chart?: typeof liveFieldAnalysisMachine
  zone?: string
  now?: number
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.usage
  const f = useFigures()
  const seasons = useMemo(() => seasonsOf(zone, now), [zone, now])
  const [season, setSeason] = useState<Season>(seasons[0] as Season)
  const ask = (s: Season) => ({ subject: field, ...s.period, bucket: "month" as const, tz: zone })
  const actor = useActorRef(chart, { input: ask(season) })
  const state = useSelector(actor, (s) => s)
  const { usage, error } = state.context
  const shown = usage instanceof Analysis ? usage : null
  const two = numberIn(locale, 2)
  const seasonName = useSeasonName()
  const dayText = (at: number) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: zone }).format(new Date(at))
  return (
    <Stack gap="md" maw={960}>
      <Text c="dimmed" size="sm">
        {t.field.intro()}
      </Text>
      <SeasonSelect
        seasons={seasons}
        season={season}
        disabled={state.hasTag("busy")}
        onChoose={(chosen) => {
          setSeason(chosen)
          actor.send({ type: "usage.show", ask: ask(chosen) })
        }}
      />
      <LoadStatus
        loading={state.matches("loading")}
        failed={state.matches("failed")}
        code={error}
        texts={{ loading: t.loading(), loadFailed: t.loadFailed(), retry: t.retry() }}
        onRetry={() => actor.send({ type: "usage.retry" })}
      />
      {shown !== null ? (
        <Stack gap="md">
          <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)">
            <Title order={2} size="h5" mb={4}>
              {seasonName(season)}
            </Title>
            <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="xs" m={0} data-totals>
              {(
                [
                  [t.field.fieldArea(), f.ha(shown.field.areaHa)],
                  [t.field.worked(), f.ha(shown.totals.areaHa)],
                  [
                    t.field.coverage(),
                    shown.coverage === null
                      ? LL.activities.unknown()
                      : t.field.coverageValue({ value: two(shown.coverage) }),
                  ],
                  [t.field.passes(), String(shown.passes)],
                  [t.figureTitles.hours(), f.duration(shown.totals.workSeconds)],
                  [t.figures.fuel(), f.litres(shown.totals.fuelLitres)],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <Text component="dt" size="xs" c="dimmed">
                    {label}
                  </Text>
                  <Text component="dd" m={0} fw={700} size="lg">
                    {value}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            <Text size="xs" c="dimmed" mt="xs">
              {t.field.coverageHint()}
            </Text>
          </Paper>
          {shown.passes === 0 ? (
            <Text c="dimmed" role="status">
              {t.field.empty()}
            </Text>
          ) : (
            <>
              <Paper withBorder p="sm" radius="md">
                <Title order={3} size="h5" mb="xs">
                  {t.field.months()}
                </Title>
                <Suspense fallback={<Loader size="sm" role="status" aria-label={LL.app.loading()} />}>
                  <UsageBars
                    label={t.field.months()}
                    format={(v) => `${upTo(locale, 2)(v)} ${t.units.area()}`}
                    data={shown.months.map((m) => ({
                      name: bucketLabel(m.day, "month", locale),
                      value: m.totals.areaHa ?? 0,
                    }))}
                  />
                </Suspense>
              </Paper>
              <TotalsTable
                title={t.field.machines()}
                first={t.field.machine()}
                rows={shown.machines.map((m) => ({
                  key: m.machine.id,
                  name: m.machine.name,
                  totals: m.totals,
                }))}
                extra={{
                  heading: t.field.last(),
                  cell: (key) => {
                    const m = shown.machines.find((x) => x.machine.id === key)
                    return m ? dayText(m.last.epochMillis) : null
                  },
                }}
              />
              <TotalsTable
                title={t.field.products()}
                first={t.field.product()}
                rows={shown.productTypes.map((p) => ({
                  key: p.productType?.id ?? "none",
                  name: p.productType === null ? t.field.noProduct() : pickName(p.productType.name, locale),
                  totals: p.totals,
                }))}
              />
            </>
          )}
        </Stack>
      ) : null}
    </Stack>
  )
}
