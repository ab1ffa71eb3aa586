import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { lazy, Suspense, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { liveSignInMachine } from "../../machines/session/signIn.actors"
import { loadAppFrame } from "../app/frame"
import { AuthLayout } from "../common/AuthLayout"
import { RequiredSummary, ServerAlert, useFieldError } from "../common/FormMessages"
import { type Session, useSession } from "../session/session"
import { useChartSnapshot, useLazyChart } from "./useLazyChart"

type SignInChart = typeof liveSignInMachine

/**
 * The chart and its host (SignInChartHost.tsx): most of a sign-in's code. The session chart and
 * the styles of the screens a signed-in person sees download meanwhile.
 */
const loadLiveChart = (session: Session) => (): Promise<SignInChart> => {
  void loadAppFrame().catch(() => undefined)
  void session.start().catch(() => undefined)
  return import("./SignInChartHost").then((module) => module.liveSignInMachine)
}

const SignInChartHost = lazy(() =>
  import("./SignInChartHost").then((module) => ({ default: module.SignInChartHost })),
)

/**
 * /signin: e-mail, password, remember me; on success the session takes the tokens. The form shows
 * at once; its chart loads on the first focus or keystroke (useLazyChart).
 */
export const SignInPage = ({ goto, machine }: { goto?: string; machine?: SignInChart }) => {
  const { LL } = useI18nContext()
  const fieldError = useFieldError()
  const signIn = useLazyChart(loadLiveChart(useSession()), machine)
  const snapshot = useChartSnapshot(signIn.actor)
  const errors = snapshot?.context.errors ?? {}
  const error = snapshot?.context.error ?? null
  const busy = snapshot?.hasTag("busy") ?? false
  const [values, setValues] = useState({ email: "", password: "", rememberMe: false })

  return (
    <AuthLayout title={LL.auth.signIn.title()}>
      {signIn.chart && (
        <Suspense fallback={null}>
          <SignInChartHost machine={signIn.chart} goto={goto} onActor={signIn.onActor} />
        </Suspense>
      )}
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
