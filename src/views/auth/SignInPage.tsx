import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import type { ActorRefFrom } from "xstate"
import { useI18nContext } from "../../i18n/i18n-react"
import type { liveSignInMachine } from "../../machines/session/signIn.actors"
import { loadAppFrame } from "../app/frame"
import { AuthLayout } from "../common/AuthLayout"
import { RequiredSummary, ServerAlert, useFieldError } from "../common/FormMessages"
import { useProvided } from "../common/useProvided"
import { useLazyChart } from "./useLazyChart"
import { useSignedInHandoff } from "./useSignedInHandoff"

type SignInChart = typeof liveSignInMachine
type SignInActor = ActorRefFrom<SignInChart>

/**
 * The chart with its validation (Effect Schema) and the ApiClient: most of a sign-in's code. The
 * styles of the screens a signed-in person sees download meanwhile.
 */
const loadLiveChart = (): Promise<SignInChart> => {
  void loadAppFrame().catch(() => undefined)
  return import("../../machines/session/signIn.actors").then((module) => module.liveSignInMachine)
}

/** Runs the chart once it is there; the form beside it stays as it is (focus and typing kept). */
const SignInChartHost = ({
  machine,
  goto,
  onActor,
}: {
  machine: SignInChart
  goto: string | undefined
  onActor: (actor: SignInActor | undefined) => void
}) => {
  const handOverTokens = useSignedInHandoff(goto)
  const actor = useActorRef(useProvided(machine, { handOverTokens }))
  useEffect(() => {
    onActor(actor)
    return () => onActor(undefined)
  }, [actor, onActor])
  return null
}

/**
 * /signin: e-mail, password, remember me; on success the session takes the tokens. The form shows
 * at once; its chart loads on the first focus or keystroke (useLazyChart).
 */
export const SignInPage = ({ goto, machine }: { goto?: string; machine?: SignInChart }) => {
  const { LL } = useI18nContext()
  const fieldError = useFieldError()
  const signIn = useLazyChart(loadLiveChart, machine)
  const errors = useSelector(signIn.actor, (s) => s?.context.errors) ?? {}
  const error = useSelector(signIn.actor, (s) => s?.context.error ?? null)
  const busy = useSelector(signIn.actor, (s) => s?.hasTag("busy") ?? false)
  const [values, setValues] = useState({ email: "", password: "", rememberMe: false })

  return (
    <AuthLayout title={LL.auth.signIn.title()}>
      {signIn.chart && <SignInChartHost machine={signIn.chart} goto={goto} onActor={signIn.onActor} />}
      <form
        noValidate
        onFocus={signIn.start}
        onInput={signIn.start}
        onSubmit={(event) => {
          event.preventDefault()
          signIn.send({ type: "signIn.submit", ...values })
        }}
      >
        <Stack gap="md">
          <ServerAlert code={signIn.failed ? "generic" : error} />
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
          <Button type="submit" size="lg" fullWidth loading={busy || signIn.waiting}>
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
