import { Alert, Button, Loader, Stack, Text } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useI18nContext } from "../../i18n/i18n-react"
import { livePickoffMachine } from "../../machines/counters/pickoff.actors"
import { isSettled, isSignedIn } from "../../machines/session/session.selectors"
import type { MachineId } from "../../schema/ids"
import { AuthLayout } from "../common/AuthLayout"
import { ServerAlert } from "../common/FormMessages"
import { RightHint, wrapping } from "../common/RightHint"
import { useSessionActor } from "../session/session"
import { PickoffConfirm } from "./PickoffConfirm"
import { Unbroken } from "./Unbroken"

export type PickoffMachine = typeof livePickoffMachine

/**
 * /machines/{id}/pickoff, the page the sticker on a machine opens: which machine and structure it
 * is and the box on it now; signed out, a sign-in that comes back here; signed in, "Retirer le
 * boîtier X de Y", asked first (an ended association can never change again; the server checks
 * the editCounters right and, refused, the page names it); no box on it: said so, the button
 * disabled.
 */
export const PickoffPage = ({
  id,
  machine = livePickoffMachine,
}: {
  id: MachineId
  machine?: PickoffMachine
}) => {
  const { LL } = useI18nContext()
  const actor = useActorRef(machine, { input: { machine: id } })
  const state = useSelector(actor, (s) => s)
  const session = useSessionActor()
  const signedIn = useSelector(session, isSignedIn)
  const settled = useSelector(session, isSettled)
  const { machine: shown, ended, error } = state.context
  const here = `/machines/${id}/pickoff`
  return (
    <AuthLayout title={LL.counters.pickoff.title()}>
      <Stack gap="md">
        {state.matches("unknown") ? (
          <Alert color="red" variant="light" role="alert">
            {LL.counters.pickoff.unknown()}
          </Alert>
        ) : state.matches("failed") ? (
          <Stack gap="sm">
            <ServerAlert code={error} />
            <Button size="md" variant="light" onClick={() => actor.send({ type: "pickoff.retry" })}>
              {LL.counters.history.retry()}
            </Button>
          </Stack>
        ) : shown === null ? (
          <Loader role="progressbar" aria-label={LL.app.loading()} />
        ) : (
          <>
            <Stack gap={4}>
              <Text fw={700} size="lg" style={{ overflowWrap: "anywhere" }}>
                {LL.counters.pickoff.machine({ name: shown.name })}
              </Text>
              <Text style={{ overflowWrap: "anywhere" }}>
                {LL.counters.pickoff.cluster({ name: shown.clusterName })}
              </Text>
              {shown.counter !== null ? (
                <Text fw={700} style={{ overflowWrap: "anywhere" }}>
                  {LL.counters.association.box({ id: shown.counter })}
                </Text>
              ) : null}
            </Stack>
            {ended !== null ? (
              <Alert color="green" variant="light" role="status">
                {LL.counters.pickoff.done({ counter: ended.counter })}
              </Alert>
            ) : !settled ? (
              <Loader role="progressbar" aria-label={LL.app.loading()} />
            ) : signedIn ? (
              <>
                <ServerAlert code={error} />
                {shown.counter === null ? <Text role="note">{LL.errors.noBoxOnMachine()}</Text> : null}
                <Button
                  size="lg"
                  color="red"
                  loading={state.matches("removing") || state.matches("confirming")}
                  disabled={shown.counter === null || !state.can({ type: "pickoff.remove" })}
                  onClick={() => actor.send({ type: "pickoff.remove" })}
                  {...wrapping}
                >
                  {shown.counter === null ? (
                    LL.counters.pickoff.remove()
                  ) : (
                    <Unbroken
                      text={LL.counters.removal.removeFrom({ counter: shown.counter, machine: shown.name })}
                      ids={[shown.counter]}
                    />
                  )}
                </Button>
                {error === "forbidden" ? <RightHint right="editCounters" /> : null}
                <PickoffConfirm
                  opened={state.matches("confirming")}
                  counter={shown.counter}
                  machine={shown.name}
                  onConfirm={() => actor.send({ type: "pickoff.confirm" })}
                  onCancel={() => actor.send({ type: "pickoff.cancel" })}
                />
              </>
            ) : (
              <Button
                renderRoot={(props) => <Link {...props} to="/signin" search={{ goto: here }} />}
                size="lg"
                {...wrapping}
              >
                {LL.counters.pickoff.signIn()}
              </Button>
            )}
          </>
        )}
        {signedIn ? (
          <Button component={Link} to="/home" variant="subtle" size="md">
            {LL.counters.pickoff.home()}
          </Button>
        ) : null}
      </Stack>
    </AuthLayout>
  )
}
