import { Table, Title } from "@mantine/core"
import type { ReactNode } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { ActivityTotals } from "../../schema/activity"
import { useFigures } from "../machines/activities/ActivityCard"

/**
 * A table of totals, one row per thing (a bucket, a member, a machine, a product): its name, then
 * activities, hours of work, hectares, kilometres and litres; scrolls sideways on a phone.
 */
export const TotalsTable = ({
  title,
  first,
  rows,
  extra,
}: {
  title: string
  /** The first column's heading. */
  first: string
  rows: ReadonlyArray<{ readonly key: string; readonly name: ReactNode; readonly totals: ActivityTotals }>
  /** One more column (heading, cell per row), after the figures. */
  extra?: { readonly heading: string; readonly cell: (key: string) => ReactNode }
}) => {
  const { LL } = useI18nContext()
  const t = LL.usage
  const f = useFigures()
  return (
    <div>
      <Title order={3} size="h5" mb={4}>
        {title}
      </Title>
      {/* Scrolled sideways on a phone: the keyboard reaches it too. */}
      <Table.ScrollContainer
        minWidth={520}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: "region", "aria-label": title } }}
      >
        <Table striped withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{first}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t.activityCount()}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t.figureTitles.hours()}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t.figures.area()}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t.figures.distance()}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t.figures.fuel()}
              </Table.Th>
              {extra ? <Table.Th scope="col">{extra.heading}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.key}>
                <Table.Th scope="row" fw={500}>
                  {r.name}
                </Table.Th>
                <Table.Td ta="right">{r.totals.count}</Table.Td>
                <Table.Td ta="right">{f.duration(r.totals.workSeconds)}</Table.Td>
                <Table.Td ta="right">{f.ha(r.totals.areaHa)}</Table.Td>
                <Table.Td ta="right">
                  {f.km((r.totals.workDistanceKm + r.totals.roadDistanceKm) * 1000)}
                </Table.Td>
                <Table.Td ta="right">{f.litres(r.totals.fuelLitres)}</Table.Td>
                {extra ? <Table.Td>{extra.cell(r.key)}</Table.Td> : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  )
}
