import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core"
import { useState } from "react"
import { errorText } from "../../i18n/errorText"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveAdminCountersMachine } from "../../machines/admin/adminCounters.actors"
import { wrapping } from "../common/RightHint"
import { cardList, Outcome } from "./AdminStates"
import { type AdminCountersMachine, AdminCountersLoad as Load, useAdminCounters } from "./adminCountersLoad"
import { CounterFacts } from "./CounterFacts"

export { AdminCounterAttributionsPage } from "./AdminCounterAttributionsPage"
export type { AdminCountersMachine } from "./adminCountersLoad"
export { CounterFacts } from "./CounterFacts"

/** /admin/counters: register a box; every box with its battery and last communication. */
export const AdminCountersPage = ({
  machine = liveAdminCountersMachine,
  now = Date.now(),
}: {
  machine?: AdminCountersMachine
  now?: number
}) => {
  const { LL } = useI18nContext()
  const { actor, state } = useAdminCounters(machine)
  const [id, setId] = useState("")
  const { counters, errors, error, registered } = state.context
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {LL.counters.admin.counters()}
      </Title>
      <Load actor={actor}>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            actor.send({ type: "adminCounters.register", id })
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={LL.counters.admin.counterId()}
              size="md"
              value={id}
              onChange={(e) => setId(e.currentTarget.value)}
              error={errors.id ? errorText(LL, errors.id) : undefined}
              style={{ flex: "1 1 200px" }}
            />
            <Button
              type="submit"
              size="md"
              loading={state.matches("registering")}
              disabled={!state.can({ type: "adminCounters.register", id })}
              {...wrapping}
            >
              {LL.counters.admin.register()}
            </Button>
          </Group>
        </form>
        <Outcome done={registered ? LL.counters.admin.registered({ id: registered }) : null} error={error} />
        {counters?.length === 0 ? <Text>{LL.counters.admin.noCounters()}</Text> : null}
        <SimpleGrid {...cardList}>
          {(counters ?? []).map((c) => (
            <Card
              key={c.id}
              component="li"
              withBorder
              radius="md"
              padding="md"
              aria-label={LL.counters.association.box({ id: c.id })}
            >
              <CounterFacts counter={c} now={now} />
            </Card>
          ))}
        </SimpleGrid>
      </Load>
    </Stack>
  )
}
