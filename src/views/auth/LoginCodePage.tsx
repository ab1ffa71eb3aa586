import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveLoginCodeMachine } from "../../machines/session/loginCode.actors"
import { AuthLayout } from "../common/AuthLayout"
import { CodeInput } from "../common/CodeInput"
import { ServerAlert, useFieldError } from "../common/FormMessages"
import { useProvided } from "../common/useProvided"
import { useSignedInHandoff } from "./useSignedInHandoff"

/** /loginCode: ask for a code by e-mail, then type it; `?code=` (the e-mailed link) signs in at once. */
export const LoginCodePage = ({
  code: linkCode,
  goto,
  machine = liveLoginCodeMachine,
}: {
  code?: string
  goto?: string
  machine?: typeof liveLoginCodeMachine
}) => {
  const { LL } = useI18nContext()
  const fieldError = useFieldError()
  const handOverTokens = useSignedInHandoff(goto)
  const flow = useActorRef(useProvided(machine, { handOverTokens }))
  const errors = useSelector(flow, (s) => s.context.errors)
  const error = useSelector(flow, (s) => s.context.error)
  const busy = useSelector(flow, (s) => s.hasTag("busy"))
  const codeStep = useSelector(flow, (s) => s.matches("enteringCode") || s.matches("verifying"))
  // A code typed from the e-mailed link was never asked for in this visit: no "sent" note then.
  const asked = useSelector(flow, (s) => s.context.email !== "")
  const [email, setEmail] = useState("")
  const [code, setCode] = useState(linkCode ?? "")

  useEffect(() => {
    if (linkCode) flow.send({ type: "loginCode.submit", code: linkCode })
  }, [linkCode, flow])

  return (
    <AuthLayout title={LL.auth.loginCode.title()}>
      <Stack gap="md">
        <ServerAlert code={error} />
        {codeStep ? (
          asked && (
            <Alert color="primary" variant="light" role="status">
              {LL.auth.loginCode.sent()}
            </Alert>
          )
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              flow.send({ type: "loginCode.request", email })
            }}
          >
            <Stack gap="md">
              <Text>{LL.auth.loginCode.askIntro()}</Text>
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
              <Button
                type="submit"
                size="lg"
                fullWidth
                variant={codeStep ? "light" : "filled"}
                loading={busy}
              >
                {LL.auth.loginCode.ask()}
              </Button>
            </Stack>
          </form>
        )}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            flow.send({ type: "loginCode.submit", code })
          }}
        >
          <Stack gap="md">
            <CodeInput
              label={LL.auth.loginCode.code()}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={fieldError(errors.code)}
            />
            <Button
              type="submit"
              size="lg"
              fullWidth
              variant={codeStep ? "filled" : "light"}
              loading={busy && codeStep}
            >
              {LL.auth.loginCode.submit()}
            </Button>
          </Stack>
        </form>
        {codeStep && (
          <Button variant="subtle" onClick={() => flow.send({ type: "loginCode.restart" })}>
            {LL.auth.loginCode.again()}
          </Button>
        )}
        <Anchor renderRoot={(props) => <Link {...props} to="/signin" search={{ goto }} />} ta="center" py={8}>
          {LL.auth.backToSignIn()}
        </Anchor>
      </Stack>
    </AuthLayout>
  )
}
