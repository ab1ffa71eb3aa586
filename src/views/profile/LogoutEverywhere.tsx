import { Button, Group, Modal, Paper, Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveLogoutEverywhereMachine } from "../../machines/account/logoutEverywhere.actors"
import { ServerAlert } from "../common/FormMessages"
import { useProvided } from "../common/useProvided"
import { useSignOut } from "../session/useSignOut"

export type LogoutEverywhereMachine = typeof liveLogoutEverywhereMachine

/** "Se déconnecter de tous les appareils", after a confirmation; then this device signs out too. */
export const LogoutEverywhere = ({
  machine = liveLogoutEverywhereMachine,
}: {
  machine?: LogoutEverywhereMachine
}) => {
  const { LL } = useI18nContext()
  const t = LL.profile.logoutEverywhere
  const signOut = useSignOut()
  const flow = useActorRef(useProvided(machine, { signOutHere: () => signOut() }))
  const asking = useSelector(flow, (s) => s.matches("asking"))
  const ending = useSelector(flow, (s) => s.matches("ending"))
  const error = useSelector(flow, (s) => s.context.error)
  const cancel = () => flow.send({ type: "logoutEverywhere.cancel" })
  return (
    <Paper
      component="section"
      aria-labelledby="security-title"
      withBorder
      radius="md"
      p={{ base: "sm", sm: "md" }}
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="security-title">
          {LL.profile.security()}
        </Title>
        <Text>{t.intro()}</Text>
        <Button
          variant="light"
          color="red"
          size="md"
          onClick={() => flow.send({ type: "logoutEverywhere.ask" })}
          h="auto"
          py={10}
          // The label wraps on a phone rather than being cut.
          styles={{ label: { whiteSpace: "normal", textAlign: "center", lineHeight: 1.35 } }}
          style={{ alignSelf: "flex-start", maxWidth: "100%" }}
        >
          {t.button()}
        </Button>
      </Stack>
      <Modal
        opened={asking || ending}
        onClose={() => (ending ? undefined : cancel())}
        title={t.title()}
        closeButtonProps={{ "aria-label": LL.failure.close() }}
        centered
      >
        <Stack gap="md">
          <Text>{t.text()}</Text>
          <ServerAlert code={asking ? error : null} />
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button variant="default" size="md" disabled={ending} onClick={cancel}>
              {t.cancel()}
            </Button>
            <Button
              color="red"
              size="md"
              loading={ending}
              onClick={() => flow.send({ type: "logoutEverywhere.confirm" })}
            >
              {t.confirm()}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  )
}
