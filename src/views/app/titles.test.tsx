import { Title } from "@mantine/core"
import { render, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { AppProviders } from "./AppProviders"

describe("page titles", () => {
  it("break a word longer than the line instead of pushing the page sideways", () => {
    render(
      <AppProviders locale="de">
        <Title order={1}>Wartungseinstellungen</Title>
      </AppProviders>,
    )
    const title = screen.getByRole("heading", { level: 1, name: "Wartungseinstellungen" })
    expect(title.style.overflowWrap).toBe("anywhere")
  })
})
