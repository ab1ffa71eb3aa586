import { Box, Center, Group, Paper, Stack, Text, Title } from "@mantine/core"
import type { ReactNode } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { LanguageSwitch } from "./LanguageSwitch"
import { Logo } from "./Logo"

/** Public pages: the mark, the language switch, one card with the page's h1. */
export const AuthLayout = ({ title, children }: { title: string; children: ReactNode }) => {
  const { LL } = useI18nContext()
  return (
    <Box mih="100dvh" bg="gray.0" py="md" px="sm">
      <Group component="header" justify="space-between" maw={480} mx="auto" mb="lg" wrap="nowrap">
        <Group gap={8} wrap="nowrap">
          <Logo size={40} />
          <Stack gap={0}>
            <Text fw={800} fz="xl" c="secondary.8">
              {LL.app.name()}
            </Text>
            <Text size="xs" c="dimmed" visibleFrom="xs">
              {LL.app.tagline()}
            </Text>
          </Stack>
        </Group>
        <LanguageSwitch />
      </Group>
      <Center>
        <Paper
          component="main"
          withBorder
          shadow="sm"
          radius="lg"
          p={{ base: "md", xs: "xl" }}
          w="100%"
          maw={480}
        >
          <Title order={1} size="h2" mb="md">
            {title}
          </Title>
          {children}
        </Paper>
      </Center>
    </Box>
  )
}
