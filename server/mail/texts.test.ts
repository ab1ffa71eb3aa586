import { describe, expect, it } from "vitest"
import { locales } from "../../src/schema/user"
import { finaliseMail, invitationMail, loginCodeMail, resetPasswordMail } from "./texts"

const link = "http://sillon.test/some/path?x=1"
const facts = { clusterName: "CUMA du Loir", inviterLabel: "Martin Paul" }

describe("mail texts", () => {
  it.each(locales)(
    "every mail in %s carries its link, and the invitation ones name the structure and inviter",
    (locale) => {
      for (const mail of [
        loginCodeMail("ABCDE23456", link, locale),
        resetPasswordMail(link, locale),
        invitationMail(facts, link, locale),
        finaliseMail(facts, link, locale),
        finaliseMail(null, link, locale),
      ]) {
        expect(mail.text).toContain(link)
        expect(mail.subject.length).toBeGreaterThan(0)
      }
      for (const mail of [invitationMail(facts, link, locale), finaliseMail(facts, link, locale)]) {
        expect(mail.subject).toContain("CUMA du Loir")
        expect(mail.text).toContain("Martin Paul")
      }
      expect(loginCodeMail("ABCDE23456", link, locale).text).toContain("ABCDE23456")
    },
  )

  it("speaks each language differently, French by default", () => {
    const subjects = locales.map((l) => invitationMail(facts, link, l).subject)
    expect(new Set(subjects).size).toBe(locales.length)
    expect(invitationMail(facts, link)).toEqual(invitationMail(facts, link, "fr"))
    expect(finaliseMail(null, link).subject).toBe("Créez votre compte Sillon")
  })
})
