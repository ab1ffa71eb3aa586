import { Badge, Button, Group, Paper, Stack, Tabs, Text, Title } from "@mantine/core"
import { Link, useLocation } from "@tanstack/react-router"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Machine } from "../../schema/machine"
import { sectionTabs } from "../common/sections"

/** The machine page's header: its name, make and model, structure and the box on it now. */
export const MachineHeader = ({ machine }: { machine: Machine }) => {
  const { LL } = useI18nContext()
  const make = [machine.brand?.name, machine.model].filter((part) => part != null && part !== "").join(" ")
  return (
    <Stack gap={6}>
      <Title order={1} style={{ overflowWrap: "anywhere" }}>
        {machine.name}
      </Title>
      {make === "" ? null : <Text fw={600}>{make}</Text>}
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" size="lg" tt="none" maw="100%">
          {machine.cluster.name}
        </Badge>
        <Badge
          variant="outline"
          size="lg"
          tt="none"
          color={machine.currentCounter === null ? "gray" : undefined}
        >
          {machine.currentCounter === null
            ? LL.machines.page.noBox()
            : LL.machines.page.box({ id: machine.currentCounter })}
        </Badge>
      </Group>
    </Stack>
  )
}

/** The machine page's tabs, as links. */
export const MachineSectionTabs = ({ base }: { base: string }) => {
  const { LL } = useI18nContext()
  const { pathname } = useLocation()
  const active = sectionTabs.machine.find((tab) => pathname === `${base}/${tab.path}`)
  return (
    <Tabs
      value={active?.screen ?? null}
      variant="pills"
      styles={{ tabLabel: { whiteSpace: "normal", overflowWrap: "break-word" } }}
    >
      {/* Six tabs never fit one row on a phone: they wrap onto rows, each as wide as its label and
          the row's room shared out, so none hides off-screen and no word is cut ("Arbeitsauftr-ag"). */}
      <Tabs.List style={{ gap: 6 }}>
        {sectionTabs.machine.map((tab) => (
          <Tabs.Tab
            key={tab.screen}
            value={tab.screen}
            renderRoot={(props) => <Link {...props} to={String(`${base}/${tab.path}`)} />}
            style={{
              minHeight: 44,
              border: "1px solid var(--mantine-color-default-border)",
              textAlign: "center",
              flex: "1 1 auto",
            }}
            px="xs"
          >
            {LL.screens[tab.screen]()}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  )
}

/** A machine the person cannot see, or no machine at all: said without leaking which. */
export const MachineNotFound = () => {
  const { LL } = useI18nContext()
  return (
    <Paper withBorder p="lg" radius="md" maw={560}>
      <Stack align="flex-start">
        <Title order={1} size="h2">
          {LL.machines.page.notFoundTitle()}
        </Title>
        <Text c="dimmed">{LL.machines.page.notFoundText()}</Text>
        <Button component={Link} to="/ListMachines" size="md">
          {LL.machines.page.back()}
        </Button>
      </Stack>
    </Paper>
  )
}
