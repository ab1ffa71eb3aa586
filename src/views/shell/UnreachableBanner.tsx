import { Alert, Button } from "@mantine/core"
import { useSelector } from "@xstate/react"
import { useI18nContext } from "../../i18n/i18n-react"
import { useSessionActor } from "../session/session"

/** Shown while the profile could not be loaded (network at the field edge); the person stays in. */
export const UnreachableBanner = () => {
  const { LL } = useI18nContext()
  const session = useSessionActor()
  const unreachable = useSelector(session, (s) => s.matches("unreachable"))
  if (!unreachable) return null
  return (
    <Alert color="orange" title={LL.failure.heading()} mb="md" role="alert">
      {LL.failure.unreachable()}{" "}
      <Button
        size="xs"
        variant="white"
        color="orange"
        onClick={() => session.send({ type: "session.retry" })}
      >
        {LL.failure.retry()}
      </Button>
    </Alert>
  )
}
