import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { errorText } from "../../i18n/errorText"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveResetPasswordMachine } from "../../machines/session/resetPassword.actors"
import { AuthLayout } from "../common/AuthLayout"
import { ServerAlert, useFieldError } from "../common/FormMessages"

/** /resetPassword: ask for a link; opened from the link (?email&token), choose a new password. */
export const ResetPasswordPage = ({
  email: linkEmail,
  token,
  machine = liveResetPasswordMachine,
}: {
  email?: string
  token?: string
  machine?: typeof liveResetPasswordMachine
}) => {
  const { LL } = useI18nContext()
  const fieldError = useFieldError()
  const flow = useActorRef(machine)
  const state = useSelector(flow, (s) => s)
  const [email, setEmail] = useState(linkEmail ?? "")
  const [password, setPassword] = useState("")
  const { errors, error } = state.context
  const busy = state.hasTag("busy")

  useEffect(() => {
    if (linkEmail && token) flow.send({ type: "resetPassword.linkOpened", email: linkEmail, token })
  }, [linkEmail, token, flow])

  const choosing = state.matches("choosingPassword") || state.matches("saving")
  const title = choosing ? LL.auth.resetPassword.setTitle() : LL.auth.resetPassword.title()
  const back = (
    <Anchor component={Link} to="/signin" ta="center" py={8}>
      {LL.auth.backToSignIn()}
    </Anchor>
  )

  if (state.matches("failed")) {
    return (
      <AuthLayout title={title}>
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            <Title order={2} size="h4" mb={4}>
              {LL.failure.heading()}
            </Title>
            {errorText(LL, error ?? "generic")}
          </Alert>
          <Button size="lg" onClick={() => flow.send({ type: "resetPassword.restart" })}>
            {LL.auth.resetPassword.ask()}
          </Button>
          {back}
        </Stack>
      </AuthLayout>
    )
  }
  if (state.matches("done") || state.matches("sent")) {
    return (
      <AuthLayout title={title}>
        <Stack gap="md">
          <Alert color="primary" variant="light" role="status">
            {state.matches("done") ? LL.auth.resetPassword.done() : LL.auth.resetPassword.sent()}
          </Alert>
          <Button component={Link} to="/signin" size="lg">
            {LL.auth.backToSignIn()}
          </Button>
        </Stack>
      </AuthLayout>
    )
  }
  return (
    <AuthLayout title={title}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          flow.send(
            choosing ? { type: "resetPassword.submit", password } : { type: "resetPassword.request", email },
          )
        }}
      >
        <Stack gap="md">
          <ServerAlert code={error} />
          {choosing ? (
            <PasswordInput
              label={LL.auth.newPassword()}
              description={LL.auth.signUp.passwordHint()}
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fieldError(errors.password)}
            />
          ) : (
            <>
              <Text>{LL.auth.resetPassword.askIntro()}</Text>
              <TextInput
                label={LL.auth.email()}
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={fieldError(errors.email)}
              />
            </>
          )}
          <Button type="submit" size="lg" fullWidth loading={busy}>
            {choosing ? LL.auth.resetPassword.set() : LL.auth.resetPassword.ask()}
          </Button>
          {back}
        </Stack>
      </form>
    </AuthLayout>
  )
}
