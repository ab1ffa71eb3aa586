/** The e-mails the server sends, in French (the server has no i18n; the link is what matters). */
export interface MailContent {
  readonly subject: string
  readonly text: string
}

export const loginCodeMail = (code: string, link: string): MailContent => ({
  subject: "Votre code de connexion Sillon",
  text: [
    "Bonjour,",
    "",
    `Voici votre code de connexion à Sillon : ${code}`,
    "",
    `Vous pouvez aussi suivre ce lien : ${link}`,
    "",
    "Ce code n'est valable qu'une fois, pendant 15 minutes.",
    "Si vous n'avez rien demandé, ignorez ce message.",
  ].join("\n"),
})

export const resetPasswordMail = (link: string): MailContent => ({
  subject: "Réinitialisation de votre mot de passe Sillon",
  text: [
    "Bonjour,",
    "",
    "Pour choisir un nouveau mot de passe, suivez ce lien :",
    link,
    "",
    "Ce lien n'est valable qu'une fois, pendant une heure.",
    "Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.",
  ].join("\n"),
})
