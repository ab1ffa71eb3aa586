import {
  Alert,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core"
import { useState } from "react"
import { errorText } from "../../i18n/errorText"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveAdminCountersMachine } from "../../machines/admin/adminCounters.actors"
import type { BoxSecret, CounterKind } from "../../schema/counter"
import type { CounterId } from "../../schema/ids"
import { ago } from "../common/ago"
import { wrapping } from "../common/RightHint"
import { cardList, Outcome } from "./AdminStates"
import { type AdminCountersMachine, AdminCountersLoad as Load, useAdminCounters } from "./adminCountersLoad"
import { CounterFacts, counterTitle } from "./CounterFacts"

export { AdminCounterAttributionsPage } from "./AdminCounterAttributionsPage"
export type { AdminCountersMachine } from "./adminCountersLoad"
export { CounterFacts } from "./CounterFacts"

/** The secret just issued, shown this once, copyable; for a phone, what to enter in Traccar Client. */
const IssuedSecret = ({
  counter,
  secret,
  phone,
}: {
  counter: CounterId
  secret: BoxSecret
  phone: boolean
}) => {
  const { LL } = useI18nContext()
  return (
    <Alert color="orange" title={LL.counters.admin.secretTitle({ id: counter })} role="status">
      <Stack gap="xs">
        <Code block style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
          {secret.secret}
        </Code>
        <CopyButton value={secret.secret}>
          {({ copied, copy }) => (
            <Button size="sm" variant="light" onClick={copy} style={{ alignSelf: "flex-start" }}>
              {copied ? LL.counters.admin.copied() : LL.counters.admin.copy()}
            </Button>
          )}
        </CopyButton>
        <Text size="sm">{LL.counters.admin.secretOnce()}</Text>
        {phone ? (
          <Text size="sm">
            {LL.counters.admin.secretPhone({ url: `${window.location.origin}/api/v2/osmand` })}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  )
}

/** /admin/counters: register a box or a phone (its secret shown once), issue a new secret; every box with its battery and last communication. */
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
  const [kind, setKind] = useState<CounterKind>("box")
  const { counters, errors, error, registered, issued } = state.context
  const busy = state.hasTag("busy")
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {LL.counters.admin.counters()}
      </Title>
      <Load actor={actor}>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            actor.send({ type: "adminCounters.register", id, kind })
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
            <SegmentedControl
              aria-label={LL.counters.admin.kind()}
              size="md"
              // On the narrowest phones the phone's label wraps rather than running off the screen.
              style={{ maxWidth: "100%" }}
              styles={{
                label: {
                  whiteSpace: "normal",
                  height: "100%",
                  display: "flex",
                  alignItems: "center",
                  justifyContent: "center",
                },
              }}
              value={kind}
              onChange={(v) => setKind(v === "phone" ? "phone" : "box")}
              data={[
                { value: "box", label: LL.counters.admin.kindBox() },
                { value: "phone", label: LL.counters.admin.kindPhone() },
              ]}
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
        {issued ? (
          <IssuedSecret
            counter={issued.counter}
            secret={issued.secret}
            phone={counters?.find((c) => c.id === issued.counter)?.kind === "phone"}
          />
        ) : null}
        {counters?.length === 0 ? <Text>{LL.counters.admin.noCounters()}</Text> : null}
        <SimpleGrid {...cardList}>
          {(counters ?? []).map((c) => (
            <Card
              key={c.id}
              component="li"
              withBorder
              radius="md"
              padding="md"
              aria-label={counterTitle(LL, c)}
            >
              <CounterFacts counter={c} now={now} />
              <Text size="sm" mt={4}>
                {c.secretIssuedAt === null
                  ? LL.counters.admin.noSecret()
                  : LL.counters.admin.secretIssued({ when: ago(LL, c.secretIssuedAt, now) })}
              </Text>
              <Group gap="xs" mt="xs" wrap="wrap">
                <Button
                  size="sm"
                  variant="default"
                  disabled={busy}
                  loading={state.matches("rotating") && state.context.saving === c.id}
                  title={LL.counters.admin.rotateHint()}
                  onClick={() => actor.send({ type: "adminCounters.rotate", counter: c.id })}
                  {...wrapping}
                >
                  {LL.counters.admin.rotate()}
                </Button>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </Load>
    </Stack>
  )
}
