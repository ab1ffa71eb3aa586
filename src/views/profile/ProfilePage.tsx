import { Alert, Loader, Stack, Text, Title } from "@mantine/core"
import { useNavigate } from "@tanstack/react-router"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useRef, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { i18nObject } from "../../i18n/i18n-util"
import { loadLocale, persistLocale } from "../../i18n/locale"
import { liveProfileMachine } from "../../machines/account/profile.actors"
import type { Me } from "../../schema/user"
import { ServerAlert } from "../common/FormMessages"
import { useNotify } from "../common/useNotify"
import { useProvided } from "../common/useProvided"
import { useSessionActor } from "../session/session"
import { EmailConfirmation, type EmailConfirmationMachine } from "./EmailConfirmation"
import { LogoutEverywhere, type LogoutEverywhereMachine } from "./LogoutEverywhere"
import { ProfileForm } from "./ProfileForm"

type ProfileMachine = typeof liveProfileMachine

const ProfileEditor = ({
  me,
  incomplete,
  machine,
}: {
  me: Me
  incomplete: boolean
  machine: ProfileMachine
}) => {
  const { setLocale } = useI18nContext()
  const session = useSessionActor()
  const navigate = useNavigate()
  const notify = useNotify()
  const wasIncomplete = useRef(incomplete)
  const provided = useProvided(machine, {
    handOverSaved: (_, saved) => {
      session.send({ type: "session.profileUpdated", me: saved })
      persistLocale(globalThis.localStorage, saved.language)
    },
    // Said in the language just chosen, once its texts are there.
    notifySaved: (_, saved) =>
      void loadLocale(saved.language).then(() => {
        setLocale(saved.language)
        notify(i18nObject(saved.language).profile.saved())
      }),
    // The person was held on /me for the address (a saved profile has one): now the rest of Sillon opens.
    navigateHome: () => {
      if (wasIncomplete.current) void navigate({ to: "/home" })
    },
  })
  const profile = useActorRef(provided, { input: { me } })
  const state = useSelector(profile, (s) => s)

  return (
    <Stack gap="md">
      <ServerAlert code={state.matches("failed") ? state.context.error : null} />
      <ProfileForm
        me={me}
        errors={state.context.errors}
        busy={state.hasTag("busy")}
        onSave={(edit) => profile.send({ type: "profile.save", edit })}
      />
    </Stack>
  )
}

/**
 * /me: the profile; while the address is missing the person cannot leave this page. While the
 * e-mail address is not proven, the block asking for its code comes first; `confirm` (the mailed
 * link's code) is submitted once and leaves the address bar at once.
 */
export const ProfilePage = ({
  machine = liveProfileMachine,
  confirm,
  confirmationMachine,
  logoutMachine,
}: {
  machine?: ProfileMachine
  confirm?: string
  confirmationMachine?: EmailConfirmationMachine
  logoutMachine?: LogoutEverywhereMachine
}) => {
  const { LL } = useI18nContext()
  const session = useSessionActor()
  const navigate = useNavigate()
  const me = useSelector(session, (s) => s.context.me)
  const incomplete = useSelector(session, (s) => s.matches({ signedIn: "profileIncomplete" }))
  const [linkCode] = useState(confirm)
  useEffect(() => {
    if (confirm !== undefined) void navigate({ to: "/me", search: {}, replace: true })
  }, [confirm, navigate])
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{LL.profile.title()}</Title>
      {me !== null && !me.emailConfirmed && (
        <EmailConfirmation email={me.email} linkCode={linkCode} machine={confirmationMachine} />
      )}
      {incomplete ? (
        <Alert color="orange" variant="light" role="status">
          {LL.profile.incomplete()}
        </Alert>
      ) : (
        <Text c="dimmed">{LL.profile.intro()}</Text>
      )}
      {me === null ? (
        <Loader role="progressbar" aria-label={LL.app.loading()} />
      ) : (
        <ProfileEditor me={me} incomplete={incomplete} machine={machine} />
      )}
      {me !== null && <LogoutEverywhere machine={logoutMachine} />}
    </Stack>
  )
}
