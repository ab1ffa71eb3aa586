import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveSignUpMachine } from "../../machines/session/signUp.actors"
import { AuthLayout } from "../common/AuthLayout"
import { RequiredSummary, ServerAlert, useFieldError } from "../common/FormMessages"
import { useProvided } from "../common/useProvided"
import { useSignedInHandoff } from "./useSignedInHandoff"

/** /signup: e-mail, password, first and last name; the session then forces the address on /me. */
export const SignUpPage = ({
  goto,
  machine = liveSignUpMachine,
}: {
  goto?: string
  machine?: typeof liveSignUpMachine
}) => {
  const { LL } = useI18nContext()
  const fieldError = useFieldError()
  const handOverTokens = useSignedInHandoff(goto)
  const signUp = useActorRef(useProvided(machine, { handOverTokens }))
  const errors = useSelector(signUp, (s) => s.context.errors)
  const error = useSelector(signUp, (s) => s.context.error)
  const busy = useSelector(signUp, (s) => s.hasTag("busy"))
  const [values, setValues] = useState({ email: "", password: "", firstname: "", lastname: "" })

  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setValues({ ...values, [name]: e.currentTarget.value }),
    error: fieldError(errors[name]),
    required: true,
  })

  return (
    <AuthLayout title={LL.auth.signUp.title()}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          signUp.send({ type: "signUp.submit", ...values })
        }}
      >
        <Stack gap="md">
          <ServerAlert code={error} />
          <Group grow align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={LL.auth.firstname()}
              autoComplete="given-name"
              miw={160}
              {...field("firstname")}
            />
            <TextInput
              label={LL.auth.lastname()}
              autoComplete="family-name"
              miw={160}
              {...field("lastname")}
            />
          </Group>
          <TextInput
            label={LL.auth.email()}
            type="email"
            inputMode="email"
            autoComplete="email"
            {...field("email")}
          />
          <PasswordInput
            label={LL.auth.password()}
            description={LL.auth.signUp.passwordHint()}
            autoComplete="new-password"
            {...field("password")}
          />
          <RequiredSummary errors={errors} />
          <Button type="submit" size="lg" fullWidth loading={busy}>
            {LL.auth.signUp.submit()}
          </Button>
          <Text ta="center">
            {LL.auth.signUp.hasAccount()}{" "}
            <Anchor renderRoot={(props) => <Link {...props} to="/signin" search={{ goto }} />} fw={700}>
              {LL.auth.signUp.signIn()}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  )
}
