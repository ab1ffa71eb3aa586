import { lazyEffect } from "../../services/lazy"
import { type ProfileForm, profileMachine } from "./profile"

export const liveProfileMachine = profileMachine.provide({
  actors: { saveProfile: lazyEffect((live, edit: typeof ProfileForm.Type) => live.auth.editMe(edit)) },
})
