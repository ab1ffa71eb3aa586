import { Badge, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { DeviceInformation } from "../../schema/telemetryReads"
import { lowBattery } from "../common/format"
import { num, utcText } from "./values"

const Fact = ({ label, value }: { label: string; value: string }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
      {value}
    </Text>
  </Stack>
)

/** SPEC §3 Device information: one box of the machine, as it reported itself. */
export const DeviceCard = ({ device }: { device: DeviceInformation }) => {
  const { LL } = useI18nContext()
  const t = LL.telemetry
  const d = device
  return (
    <Card withBorder radius="md" padding="md" aria-label={t.deviceTitle({ box: d.counter })}>
      <Stack gap="sm">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text fw={600}>{t.deviceTitle({ box: d.counter })}</Text>
          <Badge variant="light" color={d.current ? "green" : "gray"}>
            {d.current ? t.deviceCurrent() : t.devicePast()}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          <Fact label={t.firmware()} value={d.firmware ?? t.unknown()} />
          <Fact
            label={t.battery()}
            value={
              d.battery === null ? t.unknown() : `${num(d.battery, 0)} %${d.battery < lowBattery ? " ⚠" : ""}`
            }
          />
          <Fact
            label={t.lastCommunication()}
            value={d.lastCommunication === null ? t.never() : `${utcText(d.lastCommunication)} UTC`}
          />
          <Fact label={t.fixesStored()} value={String(d.fixes)} />
          <Fact
            label={t.lastPosition()}
            value={
              d.lastPosition === null
                ? t.never()
                : `${num(d.lastPosition.lat, 6)}, ${num(d.lastPosition.lng, 6)} · ${utcText(d.lastPosition.at)} UTC`
            }
          />
        </SimpleGrid>
      </Stack>
    </Card>
  )
}
