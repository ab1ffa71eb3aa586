import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { SillonApi } from "../../src/schema/api"

// Scaffolding while the handlers are written: replaced, never shipped.
const notYet = Effect.dieMessage("not built yet")

export const ClustersLive = HttpApiBuilder.group(SillonApi, "clusters", (handlers) =>
  Effect.succeed(
    handlers
      .handle("list", () => notYet)
      .handle("create", () => notYet)
      .handle("directory", () => notYet)
      .handle("get", () => notYet)
      .handle("edit", () => notYet)
      .handle("remove", () => notYet)
      .handle("editDefaultRights", () => notYet)
      .handle("members", () => notYet)
      .handle("editMember", () => notYet)
      .handle("removeMember", () => notYet),
  ),
)
