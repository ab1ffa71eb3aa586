import { Button, Paper, Stack, Text, Title } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useI18nContext } from "../../i18n/i18n-react"
import { useInSection } from "./Section"
import type { ScreenKey } from "./screens"

/** The one page every not-yet-built screen shows: its name and an honest note. */
export const NotAvailable = ({ screen }: { screen: ScreenKey }) => {
  const { LL } = useI18nContext()
  const inSection = useInSection()
  return (
    <Paper withBorder p="lg" radius="md" maw={640}>
      <Stack gap="sm" align="flex-start">
        <Title order={inSection ? 2 : 1} size={inSection ? "h3" : "h2"}>
          {LL.screens[screen]()}
        </Title>
        <Text c="dimmed">{LL.notAvailable.text()}</Text>
        <Button component={Link} to="/home" variant="light">
          {LL.notAvailable.back()}
        </Button>
      </Stack>
    </Paper>
  )
}
