import type { Locale } from "../../src/schema/user"
import { lines, type MailContent } from "../mail/texts"

/** What an urgent announcement's e-mail says: who posted it, in which structure, and the message itself. */
export interface AnnouncementFacts {
  readonly cluster: string
  readonly author: string
  readonly message: string
}

const texts: Record<Locale, (f: AnnouncementFacts, link: string) => MailContent> = {
  fr: (f, link) => ({
    subject: `Annonce urgente de ${f.cluster}`,
    text: lines(
      "Bonjour,",
      "",
      `${f.author} a publié une annonce urgente pour ${f.cluster} :`,
      "",
      f.message,
      "",
      "Les annonces :",
      link,
    ),
  }),
  en: (f, link) => ({
    subject: `Urgent announcement from ${f.cluster}`,
    text: lines(
      "Hello,",
      "",
      `${f.author} posted an urgent announcement for ${f.cluster}:`,
      "",
      f.message,
      "",
      "The announcements:",
      link,
    ),
  }),
  pl: (f, link) => ({
    subject: `Pilne ogłoszenie: ${f.cluster}`,
    text: lines(
      "Dzień dobry,",
      "",
      `${f.author} opublikował(a) pilne ogłoszenie dla ${f.cluster}:`,
      "",
      f.message,
      "",
      "Ogłoszenia:",
      link,
    ),
  }),
  de: (f, link) => ({
    subject: `Dringende Mitteilung von ${f.cluster}`,
    text: lines(
      "Guten Tag,",
      "",
      `${f.author} hat eine dringende Mitteilung für ${f.cluster} veröffentlicht:`,
      "",
      f.message,
      "",
      "Die Mitteilungen:",
      link,
    ),
  }),
}

/** The e-mail an urgent announcement sends each member, in their language. */
export const urgentAnnouncementMail = (f: AnnouncementFacts, link: string, locale: Locale): MailContent =>
  texts[locale](f, link)
