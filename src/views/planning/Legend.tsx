import { Box, Group, Text } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import { useShownUse } from "./PlanningUse"

/** `light`: as the calendar greys a refused or cancelled booking (pale, outlined to be seen). */
const Swatch = ({ color, label, light = false }: { color: string; label: string; light?: boolean }) => (
  <Group gap={6} wrap="nowrap">
    <Box
      w={14}
      h={14}
      bg={`var(--mantine-color-${color}-${light ? "light" : "filled"})`}
      style={{
        borderRadius: 3,
        border: light ? `1px solid var(--mantine-color-${color}-4)` : undefined,
      }}
      aria-hidden
    />
    <Text size="sm">{label}</Text>
  </Group>
)

/**
 * SPEC §9: requested bookings red, accepted ones green; refused and cancelled grey when shown; to
 * the acceptors, work without booking in orange.
 */
export const Legend = ({ closed = false }: { closed?: boolean }) => {
  const { LL } = useI18nContext()
  const { answered } = useShownUse()
  return (
    <Group gap="md" aria-label={LL.planning.legend()} role="group">
      <Swatch color="red" label={LL.planning.status.requested()} />
      <Swatch color="green" label={LL.planning.status.accepted()} />
      {closed ? <Swatch color="gray" light label={LL.planning.closed()} /> : null}
      {answered ? <Swatch color="orange" light label={LL.planning.use.legendUnbooked()} /> : null}
    </Group>
  )
}
