import { Alert, Button, Group, Loader, Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { useI18nContext } from "../../../i18n/i18n-react"
import type { ActivityEditMachine } from "../../../machines/activities/activityEdit"
import type { MachineActivitiesMachine } from "../../../machines/activities/machineActivities"
import type { Activity } from "../../../schema/activity"
import { activityTotals } from "../../../schema/activityTotals"
import type { ClusterId, MachineId } from "../../../schema/ids"
import { ServerAlert } from "../../common/FormMessages"
import { useNotify } from "../../common/useNotify"
import { ActivityCard, TotalsGrid, useFigures } from "./ActivityCard"
import { ActivityEditDialog } from "./ActivityEditDialog"
import { byDay } from "./figures"
import { PeriodChoice } from "./PeriodChoice"
import { type ActivityChoice, choicePeriod, dayOf, dayRange } from "./period"

/**
 * The period's totals: activities, hours of field work, duration, hectares, litres — the one sum
 * the list, its exports and the usages show (docs/usage.md), so the figures agree to the digit.
 */
const Totals = ({ activities }: { activities: ReadonlyArray<Activity> }) => {
  const { LL } = useI18nContext()
  const t = LL.activities
  const f = useFigures()
  const totals = activityTotals(activities)
  const items = [
    [t.title(), t.activityCount({ count: totals.count })],
    [t.list.workHours(), f.duration(totals.workSeconds)],
    [t.duration(), f.duration(totals.durationSeconds)],
    [t.area(), f.ha(totals.areaHa)],
    [t.fuel(), f.litres(totals.fuelLitres)],
  ] as const
  return <TotalsGrid title={t.totals()} items={items} />
}

/**
 * A machine's activities over a period (the last 7 days first): the totals, then each day's
 * activities newest first with every figure; a person who may change activities changes who one
 * is for and its product type.
 */
export const MachineActivities = ({
  machineId,
  cluster,
  hasBox,
  canEdit,
  chart,
  editChart,
  zone,
}: {
  machineId: MachineId
  cluster: ClusterId
  /** A box is on the machine now (without one and without activity, the tab says so). */
  hasBox: boolean
  canEdit: boolean
  chart: MachineActivitiesMachine
  editChart: ActivityEditMachine
  /** The time zone days and times are read in. */
  zone: string
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.activities
  const notify = useNotify()
  const [choice, setChoice] = useState<ActivityChoice>("last7")
  const [editing, setEditing] = useState<Activity | null>(null)
  const actor = useActorRef(chart, { input: { machine: machineId, ...choicePeriod("last7", zone) } })
  const state = useSelector(actor, (s) => s)
  const { activities, error, period } = state.context
  const clock = new Intl.DateTimeFormat(locale, { timeZone: zone, timeStyle: "short" })
  const dayTitle = new Intl.DateTimeFormat(locale, { timeZone: "UTC", dateStyle: "full" })
  const shortDay = new Intl.DateTimeFormat(locale, { timeZone: zone, dateStyle: "medium" })
  const timeOf = (at: number) => clock.format(at)
  return (
    <Stack gap="md" maw={1200} component="section" aria-labelledby="machine-activities">
      <Title order={2} size="h3" id="machine-activities">
        {t.title()}
      </Title>
      <PeriodChoice
        choice={choice}
        zone={zone}
        busy={state.hasTag("busy")}
        onQuick={(c) => {
          setChoice(c)
          actor.send({ type: "activities.show", ...choicePeriod(c, zone) })
        }}
        onCustom={(first, last) => {
          setChoice("custom")
          actor.send({ type: "activities.show", ...dayRange(first, last, zone) })
        }}
      />
      {state.matches("loading") ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t.loading()}</Text>
        </Group>
      ) : null}
      {state.matches("failed") ? (
        <Stack gap="sm" align="flex-start">
          <ServerAlert code={error} title={t.loadFailed()} />
          <Button variant="light" onClick={() => actor.send({ type: "activities.retry" })}>
            {t.retry()}
          </Button>
        </Stack>
      ) : null}
      {state.matches("empty") ? (
        <Alert color="gray" variant="light" role="status" title={hasBox ? t.empty() : t.noBox()}>
          {hasBox
            ? t.emptyHint({
                start: shortDay.format(Date.parse(period.start)),
                end: shortDay.format(Date.parse(period.end) - 1),
              })
            : t.noBoxHint()}
        </Alert>
      ) : null}
      {state.matches("shown") && activities !== null ? (
        <Stack gap="lg">
          <Totals activities={activities} />
          {byDay(activities, (at) => dayOf(at, zone)).map(({ day, activities: ofDay }) => (
            <Stack
              gap="sm"
              key={day}
              component="section"
              aria-label={t.day({ day: dayTitle.format(Date.parse(day)) })}
            >
              <Title order={3} size="h5">
                {dayTitle.format(Date.parse(day))}
              </Title>
              {ofDay.map((activity) => (
                <ActivityCard
                  key={activity.id}
                  activity={activity}
                  clock={timeOf}
                  onEdit={canEdit ? () => setEditing(activity) : undefined}
                />
              ))}
            </Stack>
          ))}
          <Text size="sm" c="dimmed">
            {t.timeZone({ zone })}
          </Text>
        </Stack>
      ) : null}
      {editing === null ? null : (
        <ActivityEditDialog
          activity={editing}
          cluster={cluster}
          chart={editChart}
          title={t.editTitle({
            when: `${shortDay.format(editing.start.epochMillis)} ${timeOf(editing.start.epochMillis)}`,
          })}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            actor.send({ type: "activities.replace", activity: saved })
            setEditing(null)
            notify(t.saved())
          }}
        />
      )}
    </Stack>
  )
}
