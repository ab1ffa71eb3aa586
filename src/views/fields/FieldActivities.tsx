import { Anchor, Group, Pagination, Stack, Text } from "@mantine/core"
import { useMediaQuery } from "@mantine/hooks"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveFieldActivitiesMachine } from "../../machines/activities/activities.actors"
import type { ActivityListAsk, ActivityListMachine } from "../../machines/activities/activityList"
import type { FieldId } from "../../schema/ids"
import { Totals } from "../activities/ActivityListPage"
import { ActivityTable } from "../activities/ActivityTable"
import { defaultColumns, type ListColumn } from "../activities/listSearch"
import { LoadFailed, Loading } from "../common/Loading"
import { PeriodChoice } from "../machines/activities/PeriodChoice"
import { type ActivityChoice, choicePeriod, dayRange } from "../machines/activities/period"
import { browserZone } from "../machines/history/period"

/** The field's own column is the field: the others stay, the fields column goes. */
const fieldColumns: ReadonlyArray<ListColumn> = defaultColumns.filter((c) => c !== "fields")

/**
 * A field's activities (SPEC §2 fields/{idField}/activities): the machines' work in it that the
 * person may see over a period, with their totals, as the Activités screen lists them (and a link
 * there, with this field chosen, for the other filters and the exports).
 */
export const FieldActivities = ({
  field,
  chart = liveFieldActivitiesMachine,
  zone = browserZone(),
}: {
  field: FieldId
  chart?: ActivityListMachine
  zone?: string
}) => {
  const { LL } = useI18nContext()
  const t = LL.activities
  const [choice, setChoice] = useState<ActivityChoice>("last30")
  const [columns, setColumns] = useState<ReadonlyArray<ListColumn>>(fieldColumns)
  const [query, setQuery] = useState<ActivityListAsk>(() => ({
    ...choicePeriod("last30", zone),
    field,
    page: 1,
    sort: "start",
    order: "desc",
  }))
  const actor = useActorRef(chart, { input: query })
  const state = useSelector(actor, (s) => s)
  const { list, error } = state.context
  const phone = useMediaQuery("(max-width: 47.99em)", false, { getInitialValueInEffect: false })
  const ask = (change: Partial<ActivityListAsk>) => {
    const next = { ...query, page: 1, ...change }
    setQuery(next)
    actor.send({ type: "list.show", query: next })
  }
  const pages = list === null ? 0 : Math.ceil(list.totals.count / list.limit)
  return (
    <Stack gap="md">
      <PeriodChoice
        choice={choice}
        zone={zone}
        busy={state.hasTag("busy")}
        onQuick={(c) => {
          setChoice(c)
          ask(choicePeriod(c, zone))
        }}
        onCustom={(from, to) => {
          setChoice("custom")
          ask(dayRange(from, to, zone))
        }}
      />
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
        <Text c="dimmed" role="status">
          {LL.fields.page.activitiesNone()}
        </Text>
      ) : null}
      {state.matches("shown") && list !== null ? (
        <Stack gap="md">
          <Totals totals={list.totals} />
          <ActivityTable
            phone={phone}
            activities={list.activities}
            zone={zone}
            columns={columns}
            sort={query.sort ?? "start"}
            order={query.order ?? "desc"}
            onColumns={setColumns}
            onSort={(sort, order) => ask({ sort, order })}
          />
          {pages > 1 ? (
            <Group justify="center">
              <Pagination
                total={pages}
                value={query.page}
                onChange={(page) => ask({ page })}
                aria-label={t.list.pages()}
              />
            </Group>
          ) : null}
        </Stack>
      ) : null}
      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/Activitys" search={{ field }} />}>
        {LL.fields.page.activitiesAll()}
      </Anchor>
    </Stack>
  )
}
