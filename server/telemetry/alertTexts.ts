import type { Locale } from "../../src/schema/user"
import { lines, type MailContent } from "../mail/texts"

/** What a box alert is about. */
export interface BoxAlertFacts {
  readonly box: string
  readonly cluster: string
  /** The machine the box is on now, if any. */
  readonly machine: string | null
  /** Its last communication (ISO, UTC) or battery (percent), as the alert needs. */
  readonly lastCommunication: string | null
  readonly battery: number | null
}

export type BoxAlertKind = "boxSilent" | "boxLowBattery"

const on = (f: BoxAlertFacts, word: string) => (f.machine === null ? "" : ` ${word} ${f.machine}`)

const texts: Record<Locale, Record<BoxAlertKind, (f: BoxAlertFacts, link: string) => MailContent>> = {
  fr: {
    boxSilent: (f, link) => ({
      subject: `Le boîtier ${f.box} ne communique plus`,
      text: lines(
        "Bonjour,",
        "",
        `Le boîtier ${f.box}${on(f, "posé sur")} (${f.cluster}) n'a rien envoyé depuis plus d'un jour.`,
        `Dernière communication : ${f.lastCommunication ?? "jamais"} (UTC).`,
        "",
        "Vérifiez son alimentation et sa couverture réseau. Ses boîtiers :",
        link,
      ),
    }),
    boxLowBattery: (f, link) => ({
      subject: `Batterie faible sur le boîtier ${f.box}`,
      text: lines(
        "Bonjour,",
        "",
        `La batterie du boîtier ${f.box}${on(f, "posé sur")} (${f.cluster}) est à ${f.battery ?? "?"} %, sous 20 %.`,
        "",
        "Rechargez-la ou remplacez-la. Ses boîtiers :",
        link,
      ),
    }),
  },
  en: {
    boxSilent: (f, link) => ({
      subject: `Box ${f.box} has stopped communicating`,
      text: lines(
        "Hello,",
        "",
        `Box ${f.box}${on(f, "on")} (${f.cluster}) has sent nothing for more than a day.`,
        `Last communication: ${f.lastCommunication ?? "never"} (UTC).`,
        "",
        "Check its power and network coverage. Your boxes:",
        link,
      ),
    }),
    boxLowBattery: (f, link) => ({
      subject: `Low battery on box ${f.box}`,
      text: lines(
        "Hello,",
        "",
        `The battery of box ${f.box}${on(f, "on")} (${f.cluster}) is at ${f.battery ?? "?"}%, below 20%.`,
        "",
        "Charge or replace it. Your boxes:",
        link,
      ),
    }),
  },
  pl: {
    boxSilent: (f, link) => ({
      subject: `Moduł ${f.box} przestał się komunikować`,
      text: lines(
        "Dzień dobry,",
        "",
        `Moduł ${f.box}${on(f, "na maszynie")} (${f.cluster}) nie wysłał niczego od ponad doby.`,
        `Ostatnia komunikacja: ${f.lastCommunication ?? "nigdy"} (UTC).`,
        "",
        "Sprawdź jego zasilanie i zasięg sieci. Twoje moduły:",
        link,
      ),
    }),
    boxLowBattery: (f, link) => ({
      subject: `Niski poziom baterii modułu ${f.box}`,
      text: lines(
        "Dzień dobry,",
        "",
        `Bateria modułu ${f.box}${on(f, "na maszynie")} (${f.cluster}) ma ${f.battery ?? "?"}%, poniżej 20%.`,
        "",
        "Naładuj ją lub wymień. Twoje moduły:",
        link,
      ),
    }),
  },
  de: {
    boxSilent: (f, link) => ({
      subject: `Die Box ${f.box} meldet sich nicht mehr`,
      text: lines(
        "Hallo,",
        "",
        `Die Box ${f.box}${on(f, "an")} (${f.cluster}) hat seit mehr als einem Tag nichts gesendet.`,
        `Letzte Verbindung: ${f.lastCommunication ?? "nie"} (UTC).`,
        "",
        "Prüfen Sie ihre Stromversorgung und den Netzempfang. Ihre Boxen:",
        link,
      ),
    }),
    boxLowBattery: (f, link) => ({
      subject: `Schwacher Akku der Box ${f.box}`,
      text: lines(
        "Hallo,",
        "",
        `Der Akku der Box ${f.box}${on(f, "an")} (${f.cluster}) steht bei ${f.battery ?? "?"} %, unter 20 %.`,
        "",
        "Laden oder ersetzen Sie ihn. Ihre Boxen:",
        link,
      ),
    }),
  },
}

/** The alert's mail in the recipient's language. */
export const boxAlertMail = (
  kind: BoxAlertKind,
  facts: BoxAlertFacts,
  link: string,
  locale: Locale,
): MailContent => texts[locale][kind](facts, link)
