import { Button, Center, Paper, Stack, Text, Title } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useI18nContext } from "../../i18n/i18n-react"

export const NotFoundPage = () => {
  const { LL } = useI18nContext()
  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper withBorder p="xl" radius="lg" maw={480}>
        <Stack align="flex-start">
          <Title order={1} size="h2">
            {LL.notFound.title()}
          </Title>
          <Text c="dimmed">{LL.notFound.text()}</Text>
          <Button component={Link} to="/home">
            {LL.notAvailable.back()}
          </Button>
        </Stack>
      </Paper>
    </Center>
  )
}
