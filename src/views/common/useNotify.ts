import "./notifications.css"
import { notifications } from "@mantine/notifications"
import { useCallback } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { noteNotified } from "./notified"

/**
 * Shows a short notification whose close button has a translated name (axe requires one), under
 * the header (notifications.css): every notification of the app goes through here.
 */
export const useNotify = () => {
  const { LL } = useI18nContext()
  return useCallback(
    (message: string, color: "primary" | "red" | "orange" = "primary") => {
      notifications.show({ message, color, closeButtonProps: { "aria-label": LL.failure.close() } })
      noteNotified()
    },
    [LL],
  )
}
