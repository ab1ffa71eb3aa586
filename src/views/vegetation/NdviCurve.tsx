import "@mantine/charts/styles.css"
import { LineChart } from "@mantine/charts"
import { useI18nContext } from "../../i18n/i18n-react"
import type { FieldVegetation } from "../../schema/vegetation"
import { curvePoints, formatNdvi } from "./ndvi"

const shortDay = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  )

/**
 * A field's NDVI over the season: one point per 5-day interval, gaps where it was cloudy or had
 * no image. Loaded only with the page that shows it (the charts library stays out of first visits).
 */
const NdviCurve = ({ season }: { season: FieldVegetation }) => {
  const { LL, locale } = useI18nContext()
  const data = curvePoints(season).map((p) => ({ day: shortDay(p.day, locale), ndvi: p.ndvi }))
  const lowest = Math.min(0, ...season.intervals.flatMap((i) => (i.ndvi === null ? [] : [i.ndvi])))
  return (
    // The label on a figure: on the chart's own box (a plain div) axe finds it prohibited.
    <figure aria-label={LL.vegetation.curve.ndvi()} style={{ margin: 0 }}>
      <LineChart
        h={260}
        data={data}
        dataKey="day"
        series={[{ name: "ndvi", label: LL.vegetation.curve.ndvi(), color: "green.7" }]}
        connectNulls={false}
        curveType="linear"
        withDots
        dotProps={{ r: 2 }}
        // Drawn at once: the page polls while the server fetches, and each answer would replay the animation.
        lineProps={{ isAnimationActive: false }}
        yAxisProps={{ domain: [Math.floor(lowest * 10) / 10, 1] }}
        valueFormatter={(v) => formatNdvi(v, locale)}
        gridAxis="y"
      />
    </figure>
  )
}
export default NdviCurve
