import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveSignInMachine } from "../../machines/session/signIn.actors"
import { AuthLayout } from "../common/AuthLayout"
import { RequiredSummary, ServerAlert, useFieldError } from "../common/FormMessages"
import { useProvided } from "../common/useProvided"
import { useSignedInHandoff } from "./useSignedInHandoff"

/** /signin: e-mail, password, remember me; on success the session takes the tokens. */
export const SignInPage = ({
  goto,
  machine = liveSignInMachine,
}: {
  goto?: string
  machine?: typeof liveSignInMachine
}) => {
  const { LL } = useI18nContext()
  const fieldError = useFieldError()
  const handOverTokens = useSignedInHandoff(goto)
  const signIn = useActorRef(useProvided(machine, { handOverTokens }))
  const errors = useSelector(signIn, (s) => s.context.errors)
  const error = useSelector(signIn, (s) => s.context.error)
  const busy = useSelector(signIn, (s) => s.hasTag("busy"))
  const [values, setValues] = useState({ email: "", password: "", rememberMe: false })

  return (
    <AuthLayout title={LL.auth.signIn.title()}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          signIn.send({ type: "signIn.submit", ...values })
        }}
      >
        <Stack gap="md">
          <ServerAlert code={error} />
          <TextInput
            label={LL.auth.email()}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={values.email}
            onChange={(e) => setValues({ ...values, email: e.currentTarget.value })}
            error={fieldError(errors.email)}
          />
          <PasswordInput
            label={LL.auth.password()}
            autoComplete="current-password"
            required
            value={values.password}
            onChange={(e) => setValues({ ...values, password: e.currentTarget.value })}
            error={fieldError(errors.password)}
          />
          <Checkbox
            label={LL.auth.rememberMe()}
            checked={values.rememberMe}
            onChange={(e) => setValues({ ...values, rememberMe: e.currentTarget.checked })}
          />
          <RequiredSummary errors={errors} />
          <Button type="submit" size="lg" fullWidth loading={busy}>
            {LL.auth.signIn.submit()}
          </Button>
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to="/loginCode" py={8}>
              {LL.auth.signIn.withCode()}
            </Anchor>
            <Anchor component={Link} to="/resetPassword" py={8}>
              {LL.auth.signIn.forgotten()}
            </Anchor>
          </Group>
          <Text ta="center">
            {LL.auth.signIn.noAccount()}{" "}
            <Anchor renderRoot={(props) => <Link {...props} to="/signup" search={{ goto }} />} fw={700}>
              {LL.auth.signIn.signUp()}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  )
}
