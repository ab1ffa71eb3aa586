import type { Locale } from "../../src/schema/user"
import { lines, type MailContent } from "./texts"

/**
 * Sent at sign-up and on request: the code proves the address only when entered by someone
 * signed in to the account, so the mail says what to do when the account is not the reader's.
 */
const confirmTexts: Record<Locale, (code: string, link: string) => MailContent> = {
  fr: (code, link) => ({
    subject: "Confirmez votre adresse e-mail Sillon",
    text: lines(
      "Bonjour,",
      "",
      `Pour confirmer votre adresse, saisissez ce code dans votre profil Sillon : ${code}`,
      `ou suivez ce lien sur l'appareil où vous êtes connecté : ${link}`,
      "",
      "Ce code est valable 24 heures.",
      "Si vous n'avez pas créé de compte Sillon, ne communiquez ce code à personne : connectez-vous",
      "avec un code de connexion ou réinitialisez le mot de passe, et ce compte deviendra le vôtre.",
    ),
  }),
  en: (code, link) => ({
    subject: "Confirm your Sillon e-mail address",
    text: lines(
      "Hello,",
      "",
      `To confirm your address, enter this code in your Sillon profile: ${code}`,
      `or follow this link on the device where you are signed in: ${link}`,
      "",
      "This code is valid for 24 hours.",
      "If you did not create a Sillon account, give this code to no one: sign in with a sign-in",
      "code or reset the password, and the account becomes yours.",
    ),
  }),
  pl: (code, link) => ({
    subject: "Potwierdź swój adres e-mail w Sillon",
    text: lines(
      "Dzień dobry,",
      "",
      `Aby potwierdzić adres, wpisz ten kod w swoim profilu Sillon: ${code}`,
      `lub otwórz ten link na urządzeniu, na którym jesteś zalogowany: ${link}`,
      "",
      "Kod jest ważny 24 godziny.",
      "Jeśli nie zakładałeś konta w Sillon, nie przekazuj nikomu tego kodu: zaloguj się kodem",
      "logowania lub zresetuj hasło, a konto stanie się Twoje.",
    ),
  }),
  de: (code, link) => ({
    subject: "Bestätigen Sie Ihre Sillon-E-Mail-Adresse",
    text: lines(
      "Hallo,",
      "",
      `Um Ihre Adresse zu bestätigen, geben Sie diesen Code in Ihrem Sillon-Profil ein: ${code}`,
      `oder folgen Sie diesem Link auf dem Gerät, auf dem Sie angemeldet sind: ${link}`,
      "",
      "Der Code gilt 24 Stunden.",
      "Wenn Sie kein Sillon-Konto angelegt haben, geben Sie diesen Code niemandem: Melden Sie sich",
      "mit einem Anmeldecode an oder setzen Sie das Passwort zurück, dann gehört das Konto Ihnen.",
    ),
  }),
}

export const confirmEmailMail = (code: string, link: string, locale: Locale = "fr"): MailContent =>
  confirmTexts[locale](code, link)
