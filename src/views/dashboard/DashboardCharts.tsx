import "@mantine/charts/styles.css"
import { BarChart, DonutChart, LineChart } from "@mantine/charts"
import { Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core"

/** At most this many points with a value, the curve also draws them as dots. */
const sparsePoints = 60

/** A slice of a donut: its name, value (seconds) and colour. */
export interface Slice {
  readonly name: string
  readonly value: number
  readonly color: string
}

/** One point of the series: its label on the axis and its value, minimum and maximum. */
export interface Point {
  readonly label: string
  readonly value: number | null
  readonly min: number | null
  readonly max: number | null
}

/**
 * The dashboard's charts (docs/dashboards.md): the series with its envelope, the donuts of time by
 * state and by vibration level, the bars of time per speed band. Loaded with the tab only: the
 * charts library stays out of the first paint.
 */
const DashboardCharts = ({
  series,
  donuts,
  bands,
}: {
  series: {
    readonly title: string
    readonly hint: string
    readonly points: ReadonlyArray<Point>
    readonly names: { readonly value: string; readonly min: string; readonly max: string }
    /** A quantity draws no envelope. */
    readonly envelope: boolean
    readonly format: (value: number) => string
    /** The y axis' ticks: short numbers, the unit in the title. */
    readonly tick: (value: number) => string
  }
  donuts: ReadonlyArray<{
    readonly title: string
    readonly slices: ReadonlyArray<Slice>
    readonly empty: string
  }>
  bands: {
    readonly title: string
    readonly data: ReadonlyArray<{ readonly name: string; readonly value: number }>
    readonly format: (value: number) => string
    readonly tick: (value: number) => string
  }
}) => (
  <Stack gap="md">
    <Paper withBorder p="sm" radius="md">
      <Stack gap={4}>
        <Title order={3} size="h5">
          {series.title}
        </Title>
        <Text size="xs" c="dimmed">
          {series.hint}
        </Text>
        <figure aria-label={series.title} style={{ margin: 0 }}>
          <LineChart
            h={220}
            data={series.points.map((p) => ({ ...p }))}
            dataKey="label"
            // Few readings over a long period stand alone between gaps: dots, or nothing would show.
            withDots={series.points.filter((p) => p.value !== null).length <= sparsePoints}
            dotProps={{ r: 2 }}
            connectNulls={false}
            curveType="linear"
            valueFormatter={series.format}
            yAxisProps={{ tickFormatter: series.tick, width: 44 }}
            tickLine="none"
            gridAxis="y"
            lineProps={(s) => ({ isAnimationActive: false, strokeWidth: s.name === "value" ? 2.5 : 1 })}
            series={[
              ...(series.envelope
                ? [
                    { name: "max", label: series.names.max, color: "gray.6" },
                    { name: "min", label: series.names.min, color: "gray.6" },
                  ]
                : []),
              { name: "value", label: series.names.value, color: "green.8" },
            ]}
          />
        </figure>
      </Stack>
    </Paper>
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {donuts.map((d) => {
        const total = d.slices.reduce((s, x) => s + x.value, 0)
        return (
          <Paper key={d.title} withBorder p="sm" radius="md">
            <Stack gap="xs">
              <Title order={3} size="h5">
                {d.title}
              </Title>
              {total === 0 ? (
                <Text size="sm" c="dimmed">
                  {d.empty}
                </Text>
              ) : (
                <Group gap="md" wrap="nowrap" align="center">
                  <figure aria-label={d.title} style={{ margin: 0, flex: "none" }}>
                    <DonutChart
                      size={120}
                      thickness={22}
                      withTooltip={false}
                      data={d.slices.filter((s) => s.value > 0).map((s) => ({ ...s }))}
                      pieProps={{ isAnimationActive: false }}
                    />
                  </figure>
                  <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: "none", minWidth: 0 }}>
                    {d.slices.map((s) => (
                      <Group key={s.name} component="li" gap={6} wrap="nowrap">
                        <span
                          aria-hidden
                          style={{
                            width: 10,
                            height: 10,
                            borderRadius: 2,
                            background: s.color,
                            flex: "none",
                          }}
                        />
                        <Text size="sm">
                          {s.name} · {Math.round((100 * s.value) / total)} %
                        </Text>
                      </Group>
                    ))}
                  </Stack>
                </Group>
              )}
            </Stack>
          </Paper>
        )
      })}
    </SimpleGrid>
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {bands.title}
        </Title>
        <figure aria-label={bands.title} style={{ margin: 0 }}>
          <BarChart
            h={200}
            data={bands.data.map((b) => ({ ...b }))}
            dataKey="name"
            series={[{ name: "value", label: bands.title, color: "green.8" }]}
            valueFormatter={bands.format}
            yAxisProps={{ tickFormatter: bands.tick, width: 44 }}
            gridAxis="y"
            tickLine="none"
            barProps={{ isAnimationActive: false }}
          />
        </figure>
      </Stack>
    </Paper>
  </Stack>
)
export default DashboardCharts
