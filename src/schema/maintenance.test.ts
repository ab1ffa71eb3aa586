import { describe, expect, it } from "vitest"
import { estimateMs, ruleArithmetic } from "./maintenance"

const oil = { frequency: 250, firstEvent: 50 }
const share = 0.1

describe("a maintenance rule's arithmetic", () => {
  it("is due first at its first event, soon within a tenth of its frequency before", () => {
    expect(ruleArithmetic(oil, 0, null, share)).toEqual({ status: "ok", dueAt: 50, remaining: 50 })
    expect(ruleArithmetic(oil, 24.9, null, share).status).toBe("ok")
    expect(ruleArithmetic(oil, 25.1, null, share).status).toBe("soon")
    expect(ruleArithmetic(oil, 50, null, share)).toEqual({ status: "due", dueAt: 50, remaining: 0 })
    expect(ruleArithmetic(oil, 74.9, null, share).status).toBe("due")
    expect(ruleArithmetic(oil, 75, null, share)).toEqual({ status: "overdue", dueAt: 50, remaining: -25 })
  })

  it("restarts from the counter at the last action: due a frequency after it", () => {
    expect(ruleArithmetic(oil, 200, 60, share)).toEqual({ status: "ok", dueAt: 310, remaining: 110 })
    expect(ruleArithmetic(oil, 284, 60, share).status).toBe("ok")
    expect(ruleArithmetic(oil, 286, 60, share).status).toBe("soon")
    expect(ruleArithmetic(oil, 310, 60, share).status).toBe("due")
    expect(ruleArithmetic(oil, 600, 60, share).status).toBe("overdue")
  })

  it("counts an action done before the first event as the start of the count", () => {
    expect(ruleArithmetic(oil, 40, 30, share)).toEqual({ status: "ok", dueAt: 280, remaining: 240 })
  })

  it("with a first event at 0, is due at once until an action is recorded", () => {
    const check = { frequency: 1, firstEvent: 0 }
    expect(ruleArithmetic(check, 0, null, share).status).toBe("due")
    expect(ruleArithmetic(check, 0.05, 0, share)).toEqual({ status: "ok", dueAt: 1, remaining: 0.95 })
  })

  it("with no soon share, is ok until due, then due (never overdue by a margin of 0)", () => {
    expect(ruleArithmetic(oil, 49, null, 0).status).toBe("ok")
    expect(ruleArithmetic(oil, 500, null, 0).status).toBe("due")
  })

  it("says unknown, not ok, when the counter cannot be told", () => {
    expect(ruleArithmetic(oil, null, null, share)).toEqual({
      status: "unknown",
      dueAt: null,
      remaining: null,
    })
  })
})

describe("an estimate of when a rule comes due", () => {
  const now = Date.UTC(2026, 10, 29)
  it("divides what remains by the recent use per day", () => {
    expect(estimateMs(20, 5, now)).toBe(now + 4 * 86_400_000)
  })
  it("gives none once due, or for a machine not used lately", () => {
    expect(estimateMs(0, 5, now)).toBeNull()
    expect(estimateMs(-3, 5, now)).toBeNull()
    expect(estimateMs(20, 0, now)).toBeNull()
    expect(estimateMs(null, 5, now)).toBeNull()
  })
})
