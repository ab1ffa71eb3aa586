import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveEmailConfirmationMachine } from "../../machines/account/emailConfirmation.actors"
import { CodeInput } from "../common/CodeInput"
import { ServerAlert, useFieldError } from "../common/FormMessages"
import { useNotify } from "../common/useNotify"
import { useProvided } from "../common/useProvided"
import { useSessionActor } from "../session/session"

export type EmailConfirmationMachine = typeof liveEmailConfirmationMachine

/**
 * At the top of /me while the address is not proven: the code mailed to it (typed, or `linkCode`
 * from the mailed link, submitted once), or a new code. Once proven the session holds the
 * confirmed profile, so the parent stops showing this block.
 */
export const EmailConfirmation = ({
  email,
  linkCode,
  machine = liveEmailConfirmationMachine,
}: {
  email: string
  linkCode?: string
  machine?: EmailConfirmationMachine
}) => {
  const { LL } = useI18nContext()
  const t = LL.profile.confirmEmail
  const session = useSessionActor()
  const notify = useNotify()
  const fieldError = useFieldError()
  const provided = useProvided(machine, {
    announceConfirmed: (_, me) => {
      session.send({ type: "session.profileUpdated", me })
      notify(t.confirmed())
    },
  })
  const flow = useActorRef(provided, { input: { email } })
  const errors = useSelector(flow, (s) => s.context.errors)
  const error = useSelector(flow, (s) => s.context.error)
  const resent = useSelector(flow, (s) => s.context.resent)
  const confirming = useSelector(flow, (s) => s.matches("confirming"))
  const resending = useSelector(flow, (s) => s.matches("resending"))
  const [code, setCode] = useState(linkCode ?? "")

  useEffect(() => {
    if (linkCode) flow.send({ type: "emailConfirmation.submit", code: linkCode })
  }, [linkCode, flow])

  return (
    <Paper
      component="section"
      aria-labelledby="confirm-email-title"
      withBorder
      radius="md"
      p={{ base: "sm", sm: "md" }}
      bg="orange.0"
      style={{ borderLeft: "4px solid var(--mantine-color-orange-6)" }}
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="confirm-email-title" style={{ textWrap: "balance" }}>
          {t.title()}
        </Title>
        <Text style={{ overflowWrap: "anywhere" }}>{t.text({ email })}</Text>
        <ServerAlert code={error} />
        {resent && (
          <Text role="status" c="green.9" fw={600} style={{ overflowWrap: "anywhere" }}>
            {t.resent({ email })}
          </Text>
        )}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            flow.send({ type: "emailConfirmation.submit", code })
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <CodeInput
              label={t.code()}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={fieldError(errors.code)}
              style={{ flex: "1 1 200px" }}
              size="md"
            />
            <Button type="submit" size="md" loading={confirming} disabled={resending} miw={140}>
              {t.submit()}
            </Button>
          </Group>
        </form>
        <Button
          variant="subtle"
          size="md"
          loading={resending}
          disabled={confirming}
          onClick={() => flow.send({ type: "emailConfirmation.resend" })}
          style={{ alignSelf: "flex-start" }}
          px="xs"
        >
          {t.resend()}
        </Button>
      </Stack>
    </Paper>
  )
}
