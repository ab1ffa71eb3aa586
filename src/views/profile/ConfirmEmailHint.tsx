import { Alert, Anchor, Stack, Text } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useI18nContext } from "../../i18n/i18n-react"
import { useSessionActor } from "../session/session"

/**
 * Where invitations are listed: while the address is not proven the server keeps them back, so
 * the person learns why none shows and where to prove it.
 */
export const ConfirmEmailHint = () => {
  const { LL } = useI18nContext()
  const session = useSessionActor()
  const unconfirmed = useSelector(session, (s) => s.context.me?.emailConfirmed === false)
  if (!unconfirmed) return null
  return (
    <Alert color="orange" variant="light" role="status">
      <Stack gap={4}>
        <Text>{LL.profile.confirmEmail.needed()}</Text>
        <Anchor renderRoot={(props) => <Link {...props} to="/me" />} fw={700} py={4}>
          {LL.profile.confirmEmail.goConfirm()}
        </Anchor>
      </Stack>
    </Alert>
  )
}
