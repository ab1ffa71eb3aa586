import "@mantine/charts/styles.css"
import { BarChart } from "@mantine/charts"

/**
 * Bars of one figure per bucket (a day, a week, a month). Loaded only with the tab that shows it:
 * the charts library stays out of the first visits.
 */
const UsageBars = ({
  data,
  label,
  format,
}: {
  /** One bar per bucket: its name under the bar, its value. */
  data: ReadonlyArray<{ readonly name: string; readonly value: number }>
  /** What the bars count, said to screen readers and in the tooltip. */
  label: string
  format: (value: number) => string
}) => (
  <figure aria-label={label} style={{ margin: 0 }}>
    <BarChart
      h={240}
      data={[...data]}
      dataKey="name"
      series={[{ name: "value", label, color: "green.8" }]}
      valueFormatter={format}
      gridAxis="x"
      tickLine="none"
      barProps={{ isAnimationActive: false }}
    />
  </figure>
)
export default UsageBars
