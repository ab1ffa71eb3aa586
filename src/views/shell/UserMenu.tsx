import { Avatar, Menu, UnstyledButton } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import { useI18nContext } from "../../i18n/i18n-react"
import { accountItems } from "./menu"

/** The person's own pages and sign-out, behind their initials. */
export const UserMenu = ({ initials, onSignOut }: { initials: string; onSignOut: () => void }) => {
  const { LL } = useI18nContext()
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton
          // The name contains the initials shown, so speech control ("click JM") finds it too.
          aria-label={`${initials}, ${LL.shellMenu.userMenu()}`}
          style={{ minWidth: 44, minHeight: 44 }}
        >
          <Avatar color="primary" variant="white" radius="xl" size={40}>
            {initials}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {accountItems.map((item) => (
          <Menu.Item key={item.label} component={Link} to={item.to} py="sm">
            {LL.shellMenu[item.label]()}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={onSignOut} color="red.8" py="sm">
          {LL.shellMenu.signOut()}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
