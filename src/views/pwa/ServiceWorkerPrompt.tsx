import { useRegisterSW } from "virtual:pwa-register/react"
import { ReloadPrompt } from "./ReloadPrompt"

/** Registers the offline worker; a registration failure is only logged (SPEC §1). */
export const ServiceWorkerPrompt = () => {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError: (error: unknown) => console.error("Service worker registration failed", error),
  })
  if (!needRefresh) return null
  return (
    <ReloadPrompt onReload={() => void updateServiceWorker(true)} onLater={() => setNeedRefresh(false)} />
  )
}
