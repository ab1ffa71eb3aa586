import { Badge, Group, Stack, Text, Title } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { BleTag } from "../../schema/counter"
import { userLabel } from "../../schema/user"
import { useCatalogueName } from "./catalogueName"

/** What a tag is attributed to, in words, and what its implement spreads when it says so. */
export const TagFacts = ({ tag }: { tag: BleTag }) => {
  const { LL } = useI18nContext()
  const nameOf = useCatalogueName()
  const to = tag.machine?.name ?? (tag.user ? userLabel(tag.user) : null)
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={3} size="h4" style={{ overflowWrap: "anywhere" }}>
          {LL.counters.tags.tag({ id: tag.id })}
        </Title>
        <Badge variant="light">
          {tag.type === "machine" ? LL.counters.tags.typeMachine() : LL.counters.tags.typeUser()}
        </Badge>
      </Group>
      <Text size="sm">
        {LL.counters.list.structure()} : {tag.cluster?.name ?? LL.counters.list.noStructure()}
      </Text>
      <Text size="sm">
        {LL.counters.tags.attributedTo()} :{" "}
        {to ?? (tag.type === "machine" ? LL.counters.tags.noMachine() : LL.counters.tags.nobody())}
      </Text>
      {tag.productType ? (
        <Text size="sm">
          {LL.counters.tags.productType()} : {nameOf(tag.productType.name)}
        </Text>
      ) : null}
    </Stack>
  )
}
