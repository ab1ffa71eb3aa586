// Size: the texts of every mail in four languages, kept together so a translator reads them in one place.
import type { Locale } from "../../src/schema/user"

/**
 * The e-mails the server sends, in the recipient's language when the account has one, else in
 * French (an address nobody has signed up with yet). The link is what matters in each.
 */
export interface MailContent {
  readonly subject: string
  readonly text: string
}

export const lines = (...parts: ReadonlyArray<string>) => parts.join("\n")

const loginCodeTexts: Record<Locale, (code: string, link: string) => MailContent> = {
  fr: (code, link) => ({
    subject: "Votre code de connexion Sillon",
    text: lines(
      "Bonjour,",
      "",
      `Voici votre code de connexion à Sillon : ${code}`,
      "",
      `Vous pouvez aussi suivre ce lien : ${link}`,
      "",
      "Ce code n'est valable qu'une fois, pendant 15 minutes.",
      "Si vous n'avez rien demandé, ignorez ce message.",
    ),
  }),
  en: (code, link) => ({
    subject: "Your Sillon sign-in code",
    text: lines(
      "Hello,",
      "",
      `Here is your Sillon sign-in code: ${code}`,
      "",
      `You can also follow this link: ${link}`,
      "",
      "This code works once, for 15 minutes.",
      "If you did not ask for it, ignore this message.",
    ),
  }),
  pl: (code, link) => ({
    subject: "Twój kod logowania do Sillon",
    text: lines(
      "Dzień dobry,",
      "",
      `Oto Twój kod logowania do Sillon: ${code}`,
      "",
      `Możesz też otworzyć ten link: ${link}`,
      "",
      "Kod działa jeden raz, przez 15 minut.",
      "Jeśli o nic nie prosiłeś, zignoruj tę wiadomość.",
    ),
  }),
  de: (code, link) => ({
    subject: "Ihr Sillon-Anmeldecode",
    text: lines(
      "Hallo,",
      "",
      `Hier ist Ihr Anmeldecode für Sillon: ${code}`,
      "",
      `Sie können auch diesem Link folgen: ${link}`,
      "",
      "Der Code gilt einmal, 15 Minuten lang.",
      "Wenn Sie nichts angefordert haben, ignorieren Sie diese Nachricht.",
    ),
  }),
}

export const loginCodeMail = (code: string, link: string, locale: Locale = "fr"): MailContent =>
  loginCodeTexts[locale](code, link)

const resetPasswordTexts: Record<Locale, (link: string) => MailContent> = {
  fr: (link) => ({
    subject: "Réinitialisation de votre mot de passe Sillon",
    text: lines(
      "Bonjour,",
      "",
      "Pour choisir un nouveau mot de passe, suivez ce lien :",
      link,
      "",
      "Ce lien n'est valable qu'une fois, pendant une heure.",
      "Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.",
    ),
  }),
  en: (link) => ({
    subject: "Resetting your Sillon password",
    text: lines(
      "Hello,",
      "",
      "To choose a new password, follow this link:",
      link,
      "",
      "This link works once, for one hour.",
      "If you did not ask for it, ignore this message: your password stays as it is.",
    ),
  }),
  pl: (link) => ({
    subject: "Zmiana hasła w Sillon",
    text: lines(
      "Dzień dobry,",
      "",
      "Aby ustawić nowe hasło, otwórz ten link:",
      link,
      "",
      "Link działa jeden raz, przez godzinę.",
      "Jeśli o nic nie prosiłeś, zignoruj tę wiadomość: Twoje hasło pozostaje bez zmian.",
    ),
  }),
  de: (link) => ({
    subject: "Zurücksetzen Ihres Sillon-Passworts",
    text: lines(
      "Hallo,",
      "",
      "Um ein neues Passwort zu wählen, folgen Sie diesem Link:",
      link,
      "",
      "Der Link gilt einmal, eine Stunde lang.",
      "Wenn Sie nichts angefordert haben, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.",
    ),
  }),
}

export const resetPasswordMail = (link: string, locale: Locale = "fr"): MailContent =>
  resetPasswordTexts[locale](link)

/** Who invites, to which structure. */
export interface InvitationFacts {
  readonly clusterName: string
  readonly inviterLabel: string
}

const invitationTexts: Record<Locale, (f: InvitationFacts, link: string) => MailContent> = {
  fr: (f, link) => ({
    subject: `Invitation à rejoindre ${f.clusterName} sur Sillon`,
    text: lines(
      "Bonjour,",
      "",
      `${f.inviterLabel} vous invite à rejoindre la structure ${f.clusterName} sur Sillon.`,
      "",
      "Pour accepter ou refuser l'invitation, suivez ce lien :",
      link,
    ),
  }),
  en: (f, link) => ({
    subject: `Invitation to join ${f.clusterName} on Sillon`,
    text: lines(
      "Hello,",
      "",
      `${f.inviterLabel} invites you to join the structure ${f.clusterName} on Sillon.`,
      "",
      "To accept or decline the invitation, follow this link:",
      link,
    ),
  }),
  pl: (f, link) => ({
    subject: `Zaproszenie do ${f.clusterName} w Sillon`,
    text: lines(
      "Dzień dobry,",
      "",
      `${f.inviterLabel} zaprasza Cię do struktury ${f.clusterName} w Sillon.`,
      "",
      "Aby przyjąć lub odrzucić zaproszenie, otwórz ten link:",
      link,
    ),
  }),
  de: (f, link) => ({
    subject: `Einladung zu ${f.clusterName} auf Sillon`,
    text: lines(
      "Hallo,",
      "",
      `${f.inviterLabel} lädt Sie ein, der Struktur ${f.clusterName} auf Sillon beizutreten.`,
      "",
      "Um die Einladung anzunehmen oder abzulehnen, folgen Sie diesem Link:",
      link,
    ),
  }),
}

/** To an existing account: the link opens the notifications page, where the invitation is answered. */
export const invitationMail = (facts: InvitationFacts, link: string, locale: Locale = "fr"): MailContent =>
  invitationTexts[locale](facts, link)

const finaliseTexts: Record<Locale, (f: InvitationFacts | null, link: string) => MailContent> = {
  fr: (f, link) => ({
    subject: f ? `Invitation à rejoindre ${f.clusterName} sur Sillon` : "Créez votre compte Sillon",
    text: lines(
      "Bonjour,",
      "",
      ...(f
        ? [`${f.inviterLabel} vous invite à rejoindre la structure ${f.clusterName} sur Sillon.`, ""]
        : []),
      "Pour créer votre compte (vos nom, prénom et mot de passe), suivez ce lien :",
      link,
      "",
      "Ce lien n'est valable qu'une fois, pendant 14 jours.",
    ),
  }),
  en: (f, link) => ({
    subject: f ? `Invitation to join ${f.clusterName} on Sillon` : "Create your Sillon account",
    text: lines(
      "Hello,",
      "",
      ...(f ? [`${f.inviterLabel} invites you to join the structure ${f.clusterName} on Sillon.`, ""] : []),
      "To create your account (your names and password), follow this link:",
      link,
      "",
      "This link works once, for 14 days.",
    ),
  }),
  pl: (f, link) => ({
    subject: f ? `Zaproszenie do ${f.clusterName} w Sillon` : "Utwórz konto w Sillon",
    text: lines(
      "Dzień dobry,",
      "",
      ...(f ? [`${f.inviterLabel} zaprasza Cię do struktury ${f.clusterName} w Sillon.`, ""] : []),
      "Aby utworzyć konto (imię, nazwisko i hasło), otwórz ten link:",
      link,
      "",
      "Link działa jeden raz, przez 14 dni.",
    ),
  }),
  de: (f, link) => ({
    subject: f ? `Einladung zu ${f.clusterName} auf Sillon` : "Erstellen Sie Ihr Sillon-Konto",
    text: lines(
      "Hallo,",
      "",
      ...(f
        ? [`${f.inviterLabel} lädt Sie ein, der Struktur ${f.clusterName} auf Sillon beizutreten.`, ""]
        : []),
      "Um Ihr Konto zu erstellen (Name, Vorname und Passwort), folgen Sie diesem Link:",
      link,
      "",
      "Der Link gilt einmal, 14 Tage lang.",
    ),
  }),
}

/** To an unconfigured account: the link opens the sign-up page that finalises it. */
export const finaliseMail = (
  facts: InvitationFacts | null,
  link: string,
  locale: Locale = "fr",
): MailContent => finaliseTexts[locale](facts, link)
