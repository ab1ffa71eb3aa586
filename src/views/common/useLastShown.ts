import { useRef } from "react"

/**
 * The value while there is one, else the last one there was: a dialog keeps its title (its
 * accessible name) while it fades out after closing, when what it showed is already gone.
 */
export const useLastShown = <T>(value: T | null): T | null => {
  const last = useRef<T | null>(null)
  if (value !== null) last.current = value
  return value ?? last.current
}
