import { Anchor, Stack, Text } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useI18nContext } from "../../i18n/i18n-react"
import { AuthLayout } from "./AuthLayout"
import type { ScreenKey } from "./screens"

/** A public screen a later version brings (box pick-off, Facebook return): named, honest, with a way on. */
export const PublicNotAvailable = ({ screen }: { screen: ScreenKey }) => {
  const { LL } = useI18nContext()
  return (
    <AuthLayout title={LL.screens[screen]()}>
      <Stack gap="md">
        <Text>{LL.notAvailable.text()}</Text>
        <Anchor component={Link} to="/signin" py={8}>
          {LL.auth.backToSignIn()}
        </Anchor>
      </Stack>
    </AuthLayout>
  )
}
