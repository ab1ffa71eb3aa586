import { useRegisterSW } from "virtual:pwa-register/react"
import { lazy, Suspense } from "react"
import { loadAppFrame } from "../app/frame"

// Loaded when a new version waits, with the styles it needs: not on every first visit.
const ReloadPrompt = lazy(async () => {
  const [prompt] = await Promise.all([import("./ReloadPrompt"), loadAppFrame()])
  return { default: prompt.ReloadPrompt }
})

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
    <Suspense fallback={null}>
      <ReloadPrompt onReload={() => void updateServiceWorker(true)} onLater={() => setNeedRefresh(false)} />
    </Suspense>
  )
}
