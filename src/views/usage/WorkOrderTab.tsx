import { Alert, Button, Checkbox, Group, Select, Stack, Text, Textarea, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { locales } from "../../i18n/i18n-util"
import { liveMachineActivitiesMachine } from "../../machines/activities/activities.actors"
import { liveWorkOrderMachine } from "../../machines/usage/usage.actors"
import type { Activity } from "../../schema/activity"
import type { ActivityId, MachineId } from "../../schema/ids"
import type { Locale } from "../../schema/user"
import { userLabel } from "../../schema/user"
import { maxWorkOrderActivities, maxWorkOrderNote } from "../../schema/workOrder"
import { ServerAlert } from "../common/FormMessages"
import { LoadFailed, Loading } from "../common/Loading"
import { useFigures } from "../machines/activities/ActivityCard"
import { PeriodChoice } from "../machines/activities/PeriodChoice"
import { type ActivityChoice, choicePeriod, dayRange } from "../machines/activities/period"
import { browserZone } from "../machines/history/period"

/** One activity as the list to tick names it: day, times, fields, member, hectares. */
const useActivityLine = (zone: string) => {
  const { LL, locale } = useI18nContext()
  const f = useFigures()
  const day = new Intl.DateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: zone,
  })
  const time = new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone: zone })
  return (a: Activity) =>
    [
      `${day.format(a.start.epochMillis)} · ${time.format(a.start.epochMillis)} – ${time.format(a.end.epochMillis)}`,
      a.fields.map((x) => x.name).join(", ") || null,
      a.member ? userLabel(a.member) : null,
      a.areaHa === null ? null : f.ha(a.areaHa),
    ]
      .filter((part) => part !== null)
      .join(" · ") || LL.activities.unknown()
}

/**
 * /machines/{id}/work_order (SPEC §2, docs/work-order.md): the machine's activities over a
 * period, ticked, with remarks and a language, printed by the server as a PDF the browser saves.
 */
export const WorkOrderTab = ({
  machineId,
  machineName,
  list = liveMachineActivitiesMachine,
  chart = liveWorkOrderMachine,
  zone = browserZone(),
}: {
  machineId: MachineId
  machineName: string
  /** The charts (the live ones by default; tests give them with their calls stubbed). */
  list?: typeof liveMachineActivitiesMachine
  chart?: typeof liveWorkOrderMachine
  zone?: string
}) => {
  const { LL, locale } = useI18nContext()
  const t = LL.workOrder
  const [choice, setChoice] = useState<ActivityChoice>("last7")
  const [ticked, setTicked] = useState<ReadonlySet<ActivityId>>(new Set())
  const [note, setNote] = useState("")
  const [lang, setLang] = useState<Locale>(locale as Locale)
  const lister = useActorRef(list, { input: { machine: machineId, ...choicePeriod("last7", zone) } })
  const listed = useSelector(lister, (s) => s)
  const maker = useActorRef(chart)
  const made = useSelector(maker, (s) => s)
  const line = useActivityLine(zone)
  const activities = listed.context.activities ?? []
  const chosen = activities.filter((a) => ticked.has(a.id))
  const show = (period: { start: string; end: string }) => {
    setTicked(new Set())
    lister.send({ type: "activities.show", ...period })
  }
  return (
    <Stack gap="md" maw={860}>
      <Title order={2} size="h3">
        {LL.screens.machineWorkOrder()}
      </Title>
      <Text c="dimmed" size="sm">
        {t.intro()}
      </Text>
      <PeriodChoice
        choice={choice}
        zone={zone}
        busy={listed.hasTag("busy")}
        onQuick={(c) => {
          setChoice(c)
          show(choicePeriod(c, zone))
        }}
        onCustom={(first, last) => {
          setChoice("custom")
          show(dayRange(first, last, zone))
        }}
      />
      {listed.matches("loading") ? <Loading text={LL.activities.loading()} /> : null}
      {listed.matches("failed") ? (
        <LoadFailed
          code={listed.context.error}
          title={LL.activities.loadFailed()}
          retry={LL.activities.retry()}
          onRetry={() => lister.send({ type: "activities.retry" })}
        />
      ) : null}
      {listed.matches("empty") ? (
        <Text c="dimmed" role="status">
          {t.empty()}
        </Text>
      ) : null}
      {listed.matches("shown") ? (
        <Stack gap="sm">
          <Checkbox.Group
            label={t.choose()}
            description={t.chosen({ count: chosen.length })}
            value={chosen.map((a) => a.id)}
            onChange={(ids) => setTicked(new Set(ids as Array<ActivityId>))}
          >
            <Stack gap={6} mt="xs">
              {activities.map((a) => (
                <Checkbox key={a.id} value={a.id} label={line(a)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              onClick={() => setTicked(new Set(activities.slice(0, maxWorkOrderActivities).map((a) => a.id)))}
            >
              {t.chooseAll()}
            </Button>
            <Button variant="default" size="xs" onClick={() => setTicked(new Set())}>
              {t.chooseNone()}
            </Button>
          </Group>
          <Textarea
            label={t.note()}
            placeholder={t.notePlaceholder()}
            value={note}
            maxLength={maxWorkOrderNote}
            rows={3}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Select
            label={t.language()}
            data={locales.map((l) => ({ value: l, label: LL.language[l]() }))}
            value={lang}
            allowDeselect={false}
            maw={240}
            onChange={(value) => value && setLang(value as Locale)}
          />
          {chosen.length === 0 ? (
            <Text size="sm" c="dimmed">
              {LL.errors.noActivityChosen()}
            </Text>
          ) : null}
          <Button
            size="md"
            style={{ alignSelf: "flex-start" }}
            disabled={chosen.length === 0}
            loading={made.hasTag("busy")}
            onClick={() =>
              maker.send({
                type: "workOrder.make",
                ask: {
                  machine: machineId,
                  machineName,
                  activities: chosen.map((a) => a.id),
                  note,
                  lang,
                  zone,
                },
              })
            }
          >
            {t.make()}
          </Button>
          {made.matches("made") && made.context.file ? (
            <Alert color="green" variant="light" role="status">
              {t.made({ file: made.context.file })}
            </Alert>
          ) : null}
          {made.matches("failed") ? <ServerAlert code={made.context.error} title={t.failed()} /> : null}
        </Stack>
      ) : null}
    </Stack>
  )
}
