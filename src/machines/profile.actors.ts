import * as auth from "../services/auth"
import { fromEffect } from "../services/runtime"
import { type ProfileForm, profileMachine } from "./profile"

export const liveProfileMachine = profileMachine.provide({
  actors: { saveProfile: fromEffect((edit: typeof ProfileForm.Type) => auth.editMe(edit)) },
})
