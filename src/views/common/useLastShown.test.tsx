import { renderHook } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useLastShown } from "./useLastShown"

describe("useLastShown", () => {
  it("gives the value while there is one, then the last one there was", () => {
    const { result, rerender } = renderHook(({ value }: { value: string | null }) => useLastShown(value), {
      initialProps: { value: null as string | null },
    })
    expect(result.current).toBeNull()
    rerender({ value: "Vidange moteur" })
    expect(result.current).toBe("Vidange moteur")
    rerender({ value: null })
    expect(result.current).toBe("Vidange moteur")
    rerender({ value: "Graissage" })
    expect(result.current).toBe("Graissage")
  })
})
