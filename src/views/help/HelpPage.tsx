import { Anchor, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useI18nContext } from "../../i18n/i18n-react"
import { helpCards } from "../home/helpCards"
import { type GuideSectionShown, guideSections } from "./guide"

const tasksId = "guide-tasks"
const sectionId = (key: string) => `guide-${key}`

/**
 * /help, the "Aide" of the account menu: the user guide in the page's language (the one chosen in
 * the header). First the home cards' tasks, each with the screen where it is done, then the
 * essentials of each area.
 */
export const HelpPage = () => {
  const { LL } = useI18nContext()
  const contents = [
    { id: tasksId, title: LL.guide.tasks.title() },
    ...guideSections.map((section) => ({
      id: sectionId(section.key),
      title: LL.guide.sections[section.key].title(),
    })),
  ]
  return (
    <Stack gap="xl" maw={900}>
      <Stack gap={4}>
        <Title order={1}>{LL.guide.title()}</Title>
        <Text c="dimmed" size="lg">
          {LL.guide.intro()}
        </Text>
      </Stack>
      <nav aria-labelledby="guide-contents">
        <Title order={2} size="h4" id="guide-contents">
          {LL.guide.contents()}
        </Title>
        <List spacing={4} mt="xs">
          {contents.map((entry) => (
            <List.Item key={entry.id}>
              <Anchor component={Link} to="/help" hash={entry.id} py={6} display="inline-block">
                {entry.title}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </nav>
      <Stack component="section" gap="sm" aria-labelledby={tasksId}>
        <Title order={2} id={tasksId}>
          {LL.guide.tasks.title()}
        </Title>
        <Text>{LL.guide.tasks.intro()}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {helpCards.map((card) => (
            <Paper key={card.key} withBorder radius="md" p="md" component="article">
              <Stack gap="xs" h="100%">
                <Title order={3} size="h4">
                  {LL.homePage[card.key].title()}
                </Title>
                <Text style={{ flexGrow: 1 }}>{LL.guide.tasks[card.key]()}</Text>
                <Button
                  component={Link}
                  to={card.to}
                  // As on the home cards: the removal mode's search; the cards' routes are too
                  // many for the Link's per-route search type, hence the cast.
                  search={("search" in card ? card.search : undefined) as never}
                  variant="light"
                  aria-label={`${LL.homePage.open()} : ${LL.homePage[card.key].title()}`}
                >
                  {LL.homePage.open()}
                </Button>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
      {guideSections.map((section) => (
        <GuidePart key={section.key} section={section} />
      ))}
    </Stack>
  )
}

const GuidePart = ({ section }: { section: GuideSectionShown }) => {
  const { LL } = useI18nContext()
  const texts = LL.guide.sections[section.key]
  // Each section's point keys are checked against its texts in guide.ts; the union of the
  // sections' texts is too wide to index with one section's keys.
  const points = texts.points as unknown as Record<string, () => string>
  return (
    <Stack component="section" gap="sm" aria-labelledby={sectionId(section.key)}>
      <Title order={2} id={sectionId(section.key)}>
        {texts.title()}
      </Title>
      <List spacing="xs">
        {section.points.map((point) => (
          <List.Item key={point}>{points[point]?.()}</List.Item>
        ))}
      </List>
      {section.links.length === 0 ? null : (
        <Group gap="xs">
          {section.links.map((link) => (
            <Button key={link.to} component={Link} to={link.to} variant="light">
              {LL.shellMenu[link.label]()}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  )
}
