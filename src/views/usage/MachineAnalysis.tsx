import { Paper, Stack, Table, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useMemo, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveMachineAnalysisMachine } from "../../machines/usage/usage.actors"
import type { MachineId } from "../../schema/ids"
import { MachineAnalysis as Analysis, type AnalysisFigures } from "../../schema/usage"
import { LoadStatus } from "../common/Loading"
import { useFigures } from "../machines/activities/ActivityCard"
import { upTo } from "../machines/activities/figures"
import { browserZone } from "../machines/history/period"
import { type Season, seasonsOf } from "./periods"
import { SeasonSelect, useSeasonName } from "./SeasonSelect"

/**
 * A machine's analyses (SPEC §2 machines/{id}/analyses, docs/usage.md#a-machines-analyses): a
 * season's utilisation, ha/h, L/ha and L/km against the same period a year before, the fields it
 * worked, and the structure's machines of its category over the same season.
 */
export const MachineAnalysis = ({
  machineId,
  hasCategory,
  chart = liveMachineAnalysisMachine,
  zone = browserZone(),
  now,
}: {
  machineId: MachineId
  /** Whether the machine has a category (without one, no peers). */
  hasCategory: boolean
  chart?: typeof liveMachineAnalysisMachine
  zone?: string
  now?: number
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.usage
  const a = t.analysis
  const f = useFigures()
  const seasons = useMemo(() => seasonsOf(zone, now), [zone, now])
  const [season, setSeason] = useState<Season>(seasons[0] as Season)
  const ask = (s: Season) => ({ subject: machineId, ...s.period, bucket: "month" as const, tz: zone })
  const actor = useActorRef(chart, { input: ask(season) })
  const state = useSelector(actor, (s) => s)
  const { usage, error } = state.context
  const shown = usage instanceof Analysis ? usage : null
  const one = upTo(locale, 1)
  const two = upTo(locale, 2)
  const seasonName = useSeasonName()
  const unknown = LL.activities.unknown()
  const or = (v: number | null, write: (v: number) => string) => (v === null ? unknown : write(v))
  /** The figures of a period, in the order of the rows. */
  const rowsOf = (x: AnalysisFigures) => [
    f.duration(x.totals.workSeconds),
    f.duration(x.engineSeconds),
    or(x.utilisation, (v) => a.percent({ value: one(100 * v) })),
    f.ha(x.totals.areaHa),
    or(x.totals.haPerHour, two),
    or(x.totals.litresPerHa, one),
    or(x.litresPerKm, two),
    f.km((x.totals.workDistanceKm + x.totals.roadDistanceKm) * 1000),
  ]
  const names = [
    a.workHours(),
    a.engineHours(),
    a.utilisation(),
    a.area(),
    a.haPerHour(),
    a.litresPerHa(),
    a.litresPerKm(),
    a.distance(),
  ]
  return (
    <Stack gap="md" maw={960}>
      <Text c="dimmed" size="sm">
        {a.intro()}
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
          {shown.current.totals.count === 0 ? (
            <Text c="dimmed" role="status">
              {a.empty()}
            </Text>
          ) : null}
          <Paper withBorder p="sm" radius="md">
            <Table.ScrollContainer minWidth={360}>
              <Table aria-label={seasonName(season)} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{a.figure()}</Table.Th>
                    <Table.Th>{a.current()}</Table.Th>
                    <Table.Th>{a.previous()}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {names.map((name, i) => (
                    <Table.Tr key={name}>
                      <Table.Th scope="row" fw={500}>
                        {name}
                      </Table.Th>
                      <Table.Td>{rowsOf(shown.current)[i]}</Table.Td>
                      <Table.Td>{rowsOf(shown.previous)[i]}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="xs" c="dimmed" mt={4}>
              {a.utilisationHint()}
            </Text>
          </Paper>
          <Title order={3} size="h5">
            {a.fields()}
          </Title>
          {shown.fields.length === 0 ? (
            <Text c="dimmed">{a.noFields()}</Text>
          ) : (
            <Table.ScrollContainer minWidth={360}>
              <Table aria-label={a.fields()} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{a.field()}</Table.Th>
                    <Table.Th>{a.workHours()}</Table.Th>
                    <Table.Th>{a.area()}</Table.Th>
                    <Table.Th>{a.haPerHour()}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.fields.map((x) => (
                    <Table.Tr key={x.field.id}>
                      <Table.Th scope="row" fw={500}>
                        {x.field.name}
                      </Table.Th>
                      <Table.Td>{f.duration(x.workSeconds)}</Table.Td>
                      <Table.Td>{f.ha(x.areaHa)}</Table.Td>
                      <Table.Td>{or(x.haPerHour, two)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Title order={3} size="h5">
            {a.peers()}
          </Title>
          {!hasCategory ? (
            <Text c="dimmed">{a.noCategory()}</Text>
          ) : shown.peers.length === 0 ? (
            <Text c="dimmed">{a.noPeers()}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table aria-label={a.peers()} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{a.machine()}</Table.Th>
                    {[0, 2, 4, 5, 6].map((i) => (
                      <Table.Th key={names[i]}>{names[i]}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[{ machine: shown.machine, figures: shown.current }, ...shown.peers].map((p) => (
                    <Table.Tr key={p.machine.id}>
                      <Table.Th scope="row" fw={p.machine.id === shown.machine.id ? 700 : 500}>
                        {p.machine.name}
                      </Table.Th>
                      {[0, 2, 4, 5, 6].map((i) => (
                        <Table.Td key={names[i]}>{rowsOf(p.figures)[i]}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      ) : null}
    </Stack>
  )
}
