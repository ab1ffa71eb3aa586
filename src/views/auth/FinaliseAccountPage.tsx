import {
  Alert,
  Anchor,
  Button,
  Loader,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveAccountMachine } from "../../machines/account/account.actors"
import { userLabel } from "../../schema/user"
import { AuthLayout } from "../common/AuthLayout"
import { RequiredSummary, ServerAlert, useFieldError } from "../common/FormMessages"
import { useProvided } from "../common/useProvided"
import { useSignedInHandoff } from "./useSignedInHandoff"

/**
 * /signup?invitation=<token>: an invited person creates their account. The e-mail is the one
 * invited (fixed); first name, last name and a password finalise it and sign the person in, the
 * invitation accepted with it. A stale link says so and leads to the sign-in page.
 */
export const FinaliseAccountPage = ({
  token,
  machine = liveAccountMachine,
}: {
  token: string
  machine?: typeof liveAccountMachine
}) => {
  const { LL } = useI18nContext()
  const fieldError = useFieldError()
  const handOverTokens = useSignedInHandoff(undefined)
  const account = useActorRef(useProvided(machine, { handOverTokens }), { input: { token } })
  const info = useSelector(account, (s) => s.context.info)
  const errors = useSelector(account, (s) => s.context.errors)
  const error = useSelector(account, (s) => s.context.error)
  const busy = useSelector(account, (s) => s.hasTag("busy"))
  const invalid = useSelector(account, (s) => s.matches("invalidLink"))
  const unreachable = useSelector(account, (s) => s.matches("unreachable"))
  const [values, setValues] = useState({ firstname: "", lastname: "", password: "" })

  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setValues({ ...values, [name]: e.currentTarget.value }),
    error: fieldError(errors[name]),
    required: true,
  })

  if (invalid)
    return (
      <AuthLayout title={LL.membership.finalise.title()}>
        <Stack gap="md">
          <ServerAlert code="invalidFinaliseLink" />
          <Button component={Link} to="/signin" size="lg" fullWidth>
            {LL.membership.finalise.toSignIn()}
          </Button>
        </Stack>
      </AuthLayout>
    )

  return (
    <AuthLayout title={LL.membership.finalise.title()}>
      {info === null ? (
        <Stack gap="md">
          <ServerAlert code={unreachable ? error : null} />
          {unreachable ? (
            <Button variant="default" onClick={() => account.send({ type: "account.retry" })}>
              {LL.membership.retry()}
            </Button>
          ) : (
            <Loader role="progressbar" aria-label={LL.app.loading()} />
          )}
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            account.send({ type: "account.finalise", ...values })
          }}
        >
          <Stack gap="md">
            {info.cluster && info.invitedBy && (
              <Alert color="primary" variant="light">
                {LL.membership.finalise.invited({
                  name: userLabel(info.invitedBy),
                  cluster: info.cluster.name,
                })}
              </Alert>
            )}
            <Text>{LL.membership.finalise.intro()}</Text>
            <ServerAlert code={error} />
            <TextInput
              label={LL.auth.email()}
              value={info.email}
              readOnly
              variant="filled"
              autoComplete="email"
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput label={LL.auth.firstname()} autoComplete="given-name" {...field("firstname")} />
              <TextInput label={LL.auth.lastname()} autoComplete="family-name" {...field("lastname")} />
            </SimpleGrid>
            <PasswordInput
              label={LL.auth.password()}
              description={LL.auth.signUp.passwordHint()}
              autoComplete="new-password"
              {...field("password")}
            />
            <RequiredSummary errors={errors} />
            <Button type="submit" size="lg" fullWidth loading={busy}>
              {LL.membership.finalise.submit()}
            </Button>
            <Text ta="center">
              {LL.auth.signUp.hasAccount()}{" "}
              <Anchor renderRoot={(props) => <Link {...props} to="/signin" />} fw={700}>
                {LL.auth.signUp.signIn()}
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </AuthLayout>
  )
}
