import { Box, Group, Text } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"

const Swatch = ({ color, label }: { color: string; label: string }) => (
  <Group gap={6} wrap="nowrap">
    <Box w={14} h={14} bg={`var(--mantine-color-${color}-filled)`} style={{ borderRadius: 3 }} aria-hidden />
    <Text size="sm">{label}</Text>
  </Group>
)

/** SPEC §9: requested bookings red, accepted ones green; refused and cancelled grey when shown. */
export const Legend = ({ closed = false }: { closed?: boolean }) => {
  const { LL } = useI18nContext()
  return (
    <Group gap="md" aria-label={LL.planning.legend()} role="group">
      <Swatch color="red" label={LL.planning.status.requested()} />
      <Swatch color="green" label={LL.planning.status.accepted()} />
      {closed ? <Swatch color="gray" label={LL.planning.closed()} /> : null}
    </Group>
  )
}
