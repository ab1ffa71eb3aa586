import { Stack, Tabs, Title } from "@mantine/core"
import { Link, Outlet, useLocation } from "@tanstack/react-router"
import { createContext, type ReactNode, useContext } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { ScreenKey } from "./screens"

export interface SectionTab {
  /** Path segment under the section's base path. */
  readonly path: string
  readonly screen: ScreenKey
}

const InSection = createContext(false)

/** Screens inside a section title themselves with h2: the section holds the page's one h1. */
export const useInSection = (): boolean => useContext(InSection)

/**
 * A screen with sub-screens (machine, field, structure…): its title, what stays above every tab
 * (`header`: a field's facts), tabs as links, the sub-screen.
 */
export const Section = ({
  screen,
  base,
  tabs,
  header,
}: {
  screen: ScreenKey
  base: string
  tabs: ReadonlyArray<SectionTab>
  header?: ReactNode
}) => {
  const { LL } = useI18nContext()
  const { pathname } = useLocation()
  const active = tabs.find((tab) => pathname === `${base}/${tab.path}`.replace(/\/$/, ""))
  return (
    <Stack gap="md">
      <Title order={1}>{LL.screens[screen]()}</Title>
      {header}
      {/* On a phone the tabs wrap onto rows, each as wide as its whole label: none is cut
          ("Actions d'e…") and none hides off-screen behind a sideways scroll. */}
      <Tabs
        value={active?.screen ?? null}
        variant="outline"
        styles={{ tabLabel: { whiteSpace: "normal", overflowWrap: "break-word" } }}
      >
        <Tabs.List style={{ flexWrap: "wrap" }}>
          {tabs.map((tab) => (
            <Tabs.Tab
              key={tab.screen}
              value={tab.screen}
              renderRoot={(props) => <Link {...props} to={`${base}/${tab.path}`.replace(/\/$/, "")} />}
              style={{ minHeight: 44, flex: "1 1 auto" }}
            >
              {LL.screens[tab.screen]()}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <InSection.Provider value={true}>
        <Outlet />
      </InSection.Provider>
    </Stack>
  )
}
