import { Button, Loader, Stack, Text } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import type { DateTime } from "effect"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { errorTag } from "../../machines/lib/errors"
import { liveMachineSensors, type MachineSensorsLoader } from "../../machines/telemetry/sensors.actors"
import type { MachineId } from "../../schema/ids"
import type { DeviceInformation } from "../../schema/telemetryReads"
import { formatDate } from "../common/format"
import { num } from "../telemetry/values"
import { List, Row, Section } from "./MachineDetails"

/** Lines under one another in a row's value. */
const Lines = ({ lines }: { lines: ReadonlyArray<string> }) => (
  <>
    {lines.map((line) => (
      <Text component="span" key={line} display="block" fw={500} inherit>
        {line}
      </Text>
    ))}
  </>
)

/** One box on the machine: where it was last, its vibration, its CAN values, the tags it heard. */
const DeviceSensors = ({ device }: { device: DeviceInformation }) => {
  const { LL, locale } = useI18nContext()
  const t = LL.machines.sensors
  const at = (date: DateTime.Utc) => formatDate(date, locale)
  const number = (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n)
  const phone = device.kind === "phone"
  const title = phone ? t.phone({ box: device.counter }) : t.box({ box: device.counter })
  if (device.lastCommunication === null && device.lastPosition === null && device.fixes === 0)
    return <Text>{t.neverSent({ box: device.counter })}</Text>
  const s = device.sensors
  const canNames = [...new Set([...s.canSeen, ...Object.keys(s.can)])].sort()
  const position = device.lastPosition
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Text fw={600}>{title}</Text>
      <List single>
        <Row term={t.lastCommunication()}>
          {device.lastCommunication === null ? t.never() : at(device.lastCommunication)}
        </Row>
        <Row term={t.lastPosition()}>
          {position === null ? (
            t.never()
          ) : (
            <Lines
              lines={[
                `${num(position.lat, 6)}, ${num(position.lng, 6)}`,
                t.positionAt({ at: at(position.at) }),
              ]}
            />
          )}
        </Row>
        {phone ? null : (
          <Row term={t.vibration()}>
            {s.vibration === null ? t.vibrationNotSent() : LL.machines.form.vibration[s.vibration]()}
          </Row>
        )}
        {phone ? null : (
          <Row term={t.can()}>
            {canNames.length === 0 ? (
              t.none()
            ) : (
              <Lines
                lines={canNames.map((name) => {
                  const value = s.can[name]
                  return t.canValue({
                    name,
                    value: value === undefined ? t.canNoRecentValue() : number(value),
                  })
                })}
              />
            )}
          </Row>
        )}
        <Row term={t.tags()}>
          {s.tags.length === 0 ? (
            t.none()
          ) : (
            <Lines
              lines={s.tags.map((tag) =>
                tag.rssi === null
                  ? t.tagHeardNoRssi({ id: tag.id, at: at(tag.at) })
                  : t.tagHeard({ id: tag.id, rssi: `${num(tag.rssi, 0)} dBm`, at: at(tag.at) }),
              )}
            />
          )}
        </Row>
      </List>
      {phone ? (
        <Text size="sm" c="dimmed">
          {t.phoneNoSensors()}
        </Text>
      ) : null}
    </Stack>
  )
}

const Sensors = ({
  machineId,
  load,
  onRetry,
}: {
  machineId: MachineId
  load: MachineSensorsLoader
  onRetry: () => void
}) => {
  const { LL } = useI18nContext()
  const t = LL.machines.sensors
  const actor = useActorRef(load, { input: machineId })
  const read = useSelector(actor, (s) => s.output)
  if (read === undefined) return <Loader role="progressbar" size="sm" aria-label={LL.app.loading()} />
  if ("error" in read) {
    const tag = errorTag(read.error)
    // The machine is on screen, so its boxes are readable with the same right; refused all the
    // same (the right withdrawn since), the page says so in one line rather than as an error.
    if (tag === "Forbidden" || tag === "NotFound") return <Text c="dimmed">{t.forbidden()}</Text>
    return (
      <Stack gap="xs" align="flex-start">
        <Text>{t.failed()}</Text>
        <Button variant="light" onClick={onRetry}>
          {t.retry()}
        </Button>
      </Stack>
    )
  }
  const current = read.devices.filter((d) => d.current)
  if (current.length === 0) return <Text>{t.noBox()}</Text>
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t.intro()}
      </Text>
      {current.map((d) => (
        <DeviceSensors key={d.counter} device={d} />
      ))}
    </Stack>
  )
}

/**
 * SPEC §3 Machine: sensors and tags — what the box on the machine reported last (position with its
 * time, vibration, the CAN values seen with their last value, the BLE tags heard), local times.
 */
export const MachineSensors = ({
  machineId,
  load = liveMachineSensors,
}: {
  machineId: MachineId
  load?: MachineSensorsLoader
}) => {
  const { LL } = useI18nContext()
  const [attempt, setAttempt] = useState(0)
  return (
    <Section id="machine-sensors" title={LL.machines.sensors.title()}>
      <Sensors key={attempt} machineId={machineId} load={load} onRetry={() => setAttempt((n) => n + 1)} />
    </Section>
  )
}
