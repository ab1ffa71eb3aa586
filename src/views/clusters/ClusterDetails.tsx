import { Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core"
import type { ReactNode } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Cluster } from "../../schema/cluster"

/** One fact of the structure: its label above, its value in plain readable text. */
const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2} component="div">
    <Text component="dt" size="sm" fw={700}>
      {label}
    </Text>
    <Text component="dd" m={0} size="md" style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
      {children}
    </Text>
  </Stack>
)

/**
 * The structure's information as text, for a member who may not edit it (no editCluster): readable
 * outdoors on a phone, not greyed-out inputs.
 */
export const ClusterDetails = ({ cluster }: { cluster: Cluster }) => {
  const { LL } = useI18nContext()
  const f = LL.clusters.form
  const { address } = cluster
  const town = [address.postalCode, address.city].filter((part) => part !== "").join(" ")
  return (
    <Stack gap="md">
      <Paper
        withBorder
        radius="md"
        p={{ base: "sm", sm: "lg" }}
        component="section"
        aria-labelledby="cluster-identity"
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="cluster-identity">
            {f.identity()}
          </Title>
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" m={0}>
            <Fact label={f.name()}>{cluster.name}</Fact>
            <Fact label={f.type()}>{LL.clusters.types[cluster.type]()}</Fact>
            <Fact label={f.kind()}>{LL.clusters.kinds[cluster.kind]()}</Fact>
            <Fact label={f.vatNumber()}>{cluster.vatNumber ?? f.notGiven()}</Fact>
          </SimpleGrid>
          <Stack component="dl" m={0}>
            <Fact label={f.description()}>{cluster.description ?? f.notGiven()}</Fact>
          </Stack>
        </Stack>
      </Paper>
      <Paper
        withBorder
        radius="md"
        p={{ base: "sm", sm: "lg" }}
        component="section"
        aria-labelledby="cluster-address"
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="cluster-address">
            {f.address()}
          </Title>
          <Text component="address" size="md" style={{ fontStyle: "normal", overflowWrap: "anywhere" }}>
            {[address.street, address.complement, town, address.country]
              .filter((line): line is string => line !== null && line !== "")
              .map((line) => (
                <span key={line} style={{ display: "block" }}>
                  {line}
                </span>
              ))}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  )
}
