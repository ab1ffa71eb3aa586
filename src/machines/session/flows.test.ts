import { describe, expect, it } from "vitest"
import { createActor, fromPromise, waitFor } from "xstate"
import { Address, Conflict, Me, Unauthorized, UserId } from "../../schema"
import { withActors } from "../../testing/actors"
import { ProfileForm, profileMachine } from "../account/profile"
import { validate } from "../lib/form"
import { loginCodeMachine } from "./loginCode"
import { resetPasswordMachine } from "./resetPassword"
import { signInMachine } from "./signIn"
import { signUpMachine } from "./signUp"

const tokens = { token: "t", refreshToken: "r" }

describe("sign-in chart", () => {
  it("shows a message code per invalid field and sends nothing", () => {
    const actor = createActor(withActors(signInMachine)).start()
    actor.send({ type: "signIn.submit", email: "anne@", password: "", rememberMe: false })
    expect(actor.getSnapshot().value).toBe("editing")
    expect(actor.getSnapshot().context.errors).toEqual({ email: "invalidEmail", password: "required" })
  })

  it("sends the trimmed, lower-cased address and ends with the tokens", async () => {
    const sent: unknown[] = []
    const machine = withActors(signInMachine).provide({
      actors: {
        login: fromPromise(async ({ input }) => {
          sent.push(input)
          return tokens
        }),
      },
    })
    const actor = createActor(machine).start()
    actor.send({ type: "signIn.submit", email: " Anne@Example.ORG ", password: "pw", rememberMe: true })
    expect(actor.getSnapshot().hasTag("busy")).toBe(true)
    const done = await waitFor(actor, (s) => s.status === "done")
    expect(sent).toEqual([{ email: "anne@example.org", password: "pw", rememberMe: true }])
    expect(done.output).toEqual(tokens)
  })

  it("a refusal stops loading and keeps the server's message code", async () => {
    const refused = new Unauthorized({ code: "invalidCredentials", message: "x" })
    const actor = createActor(withActors(signInMachine, { login: () => Promise.reject(refused) })).start()
    actor.send({ type: "signIn.submit", email: "anne@example.org", password: "pw", rememberMe: false })
    const back = await waitFor(actor, (s) => s.matches("editing"))
    expect(back.hasTag("busy")).toBe(false)
    expect(back.context.error).toBe("invalidCredentials")
  })

  it("a network failure shows the generic message", async () => {
    const actor = createActor(
      withActors(signInMachine, { login: () => Promise.reject(new TypeError("down")) }),
    ).start()
    actor.send({ type: "signIn.submit", email: "anne@example.org", password: "pw", rememberMe: false })
    expect((await waitFor(actor, (s) => s.context.error !== null)).context.error).toBe("generic")
  })
})

describe("sign-up chart", () => {
  it("checks every field, then reports a taken address", async () => {
    const taken = new Conflict({ code: "emailTaken", message: "x" })
    const actor = createActor(withActors(signUpMachine, { signup: () => Promise.reject(taken) })).start()
    actor.send({ type: "signUp.submit", email: "", password: "short", firstname: " ", lastname: "M" })
    expect(actor.getSnapshot().context.errors).toEqual({
      email: "required",
      password: "weakPassword",
      firstname: "required",
    })
    actor.send({
      type: "signUp.submit",
      email: "a@b.co",
      password: "long-enough",
      firstname: "A",
      lastname: "M",
    })
    expect((await waitFor(actor, (s) => s.context.error !== null)).context.error).toBe("emailTaken")
  })
})

describe("login-code chart", () => {
  it("asks for a code, then signs in with it (upper-cased)", async () => {
    const codes: unknown[] = []
    const machine = withActors(loginCodeMachine, { askLoginCode: async () => undefined }).provide({
      actors: {
        loginWithCode: fromPromise(async ({ input }) => {
          codes.push(input)
          return tokens
        }),
      },
    })
    const actor = createActor(machine).start()
    actor.send({ type: "loginCode.request", email: "anne@example.org" })
    await waitFor(actor, (s) => s.matches("enteringCode"))
    actor.send({ type: "loginCode.submit", code: " abcd " })
    expect((await waitFor(actor, (s) => s.status === "done")).output).toEqual(tokens)
    expect(codes).toEqual(["ABCD"])
  })
})

describe("reset-password chart", () => {
  it("from the link: a refused token ends in `failed` with its code", async () => {
    const refused = new Unauthorized({ code: "invalidResetToken", message: "x" })
    const actor = createActor(
      withActors(resetPasswordMachine, { resetPassword: () => Promise.reject(refused) }),
    ).start()
    actor.send({ type: "resetPassword.linkOpened", email: "anne@example.org", token: "tok" })
    actor.send({ type: "resetPassword.submit", password: "short" })
    expect(actor.getSnapshot().context.errors).toEqual({ password: "weakPassword" })
    actor.send({ type: "resetPassword.submit", password: "long-enough" })
    const failed = await waitFor(actor, (s) => s.matches("failed"))
    expect(failed.context.error).toBe("invalidResetToken")
  })
})

describe("profile chart", () => {
  const me = new Me({
    id: UserId.make("00000000-0000-4000-8000-000000000001"),
    email: "anne@example.org",
    firstname: "Anne",
    lastname: "Martin",
    name: null,
    phone: null,
    mobile: null,
    language: "fr",
    address: null,
  })

  it("requires the address: a missing city is reported under `address.city`", () => {
    const actor = createActor(withActors(profileMachine), { input: { me } }).start()
    const address = { street: "1 rue", complement: null, postalCode: "35000", city: "", country: "FR" }
    actor.send({ type: "profile.save", edit: { address } })
    expect(actor.getSnapshot().context.errors).toEqual({ "address.city": "required" })
    expect(validate(ProfileForm, {}).ok).toBe(false)
  })

  it("saves and keeps the answer as the new profile", async () => {
    const address = new Address({
      street: "1 rue",
      complement: null,
      postalCode: "35000",
      city: "Rennes",
      country: "FR",
    })
    const saved = new Me({ ...me, address })
    const actor = createActor(withActors(profileMachine, { saveProfile: async () => saved }), {
      input: { me },
    }).start()
    actor.send({ type: "profile.save", edit: { address: { ...address } } })
    expect((await waitFor(actor, (s) => s.matches("saved"))).context.me).toEqual(saved)
  })
})
