import { Button, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useI18nContext } from "../../i18n/i18n-react"
import { HomeAnnouncements } from "../announcements/HomeAnnouncements"
import { helpCards } from "./helpCards"
import { MorningOverview } from "./MorningOverview"

/**
 * /home: the announcements not read yet, the morning's overview (machines working, today's and
 * tomorrow's bookings, disputes, boxes to check), then six help cards for the tasks people come for most.
 */
export const HomePage = ({
  announcements,
  overview,
}: {
  announcements?: Parameters<typeof HomeAnnouncements>[0]["machine"]
  overview?: Parameters<typeof MorningOverview>[0]["machine"]
}) => {
  const { LL } = useI18nContext()
  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1}>{LL.homePage.title()}</Title>
        <Text c="dimmed" size="lg">
          {LL.homePage.intro()}
        </Text>
      </Stack>
      <HomeAnnouncements machine={announcements} />
      <MorningOverview machine={overview} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {helpCards.map((card, index) => (
          <Card key={card.key} withBorder radius="lg" padding="lg" component="article">
            <Stack gap="sm" h="100%">
              <ThemeIcon size={40} radius="xl" variant="light" aria-hidden="true">
                <Text fw={800}>{index + 1}</Text>
              </ThemeIcon>
              <Title order={2} size="h4">
                {LL.homePage[card.key].title()}
              </Title>
              <Text c="dimmed" style={{ flexGrow: 1 }}>
                {LL.homePage[card.key].text()}
              </Text>
              <Button
                component={Link}
                to={card.to}
                // The card's own search (the removal mode); the union of the cards' routes is too
                // wide for the Link's per-route search type, hence the cast.
                search={("search" in card ? card.search : undefined) as never}
                variant="light"
                size="md"
                fullWidth
                aria-label={`${LL.homePage.open()} : ${LL.homePage[card.key].title()}`}
              >
                {LL.homePage.open()}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
