import { Anchor, Box, Container, Group, Text } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useI18nContext } from "../../i18n/i18n-react"
import { LanguageSwitch } from "../common/LanguageSwitch"
import { Logo } from "../common/Logo"
import { Section } from "../common/Section"
import { sectionTabs } from "../common/sections"

/** /admin: a plain header and the administration tabs (users, counters, attributions, data). */
export const AdminLayout = () => {
  const { LL } = useI18nContext()
  return (
    <Box mih="100dvh" bg="gray.0">
      <Group
        component="header"
        h={64}
        px="md"
        bg="secondary.8"
        c="white"
        justify="space-between"
        wrap="nowrap"
      >
        <Anchor component={Link} to="/home" c="white" underline="never">
          <Group gap={8} wrap="nowrap">
            <Logo size={32} />
            <Text fw={800} fz="xl">
              {LL.app.name()}
            </Text>
          </Group>
        </Anchor>
        <LanguageSwitch compact />
      </Group>
      <Container component="main" size="lg" py="lg">
        <Section screen="admin" base="/admin" tabs={sectionTabs.admin} />
      </Container>
    </Box>
  )
}
