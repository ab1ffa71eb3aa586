import type { Locale } from "../../src/schema/user"
import { lines, type MailContent } from "../mail/texts"

/** What a maintenance alert says: the machine, its structure, the rule, where it stands. */
export interface MaintenanceAlertFacts {
  readonly machine: string
  readonly cluster: string
  readonly rule: string
  readonly unit: "hours" | "km" | "years"
  /** The counter now and the value the rule is due at (null: unknown). */
  readonly counter: number | null
  readonly dueAt: number | null
}

export type AlertStatus = "soon" | "due" | "overdue"

type Texts = Record<AlertStatus, (f: MaintenanceAlertFacts) => string> & {
  readonly hello: string
  readonly body: (f: MaintenanceAlertFacts) => string
  readonly left: (counter: string, due: string) => string
  readonly units: Record<MaintenanceAlertFacts["unit"], string>
  readonly open: string
}

const texts: Record<Locale, Texts> = {
  fr: {
    soon: (f) => `Entretien bientôt à faire : ${f.rule} sur ${f.machine}`,
    due: (f) => `Entretien à faire : ${f.rule} sur ${f.machine}`,
    overdue: (f) => `Entretien en retard : ${f.rule} sur ${f.machine}`,
    hello: "Bonjour,",
    body: (f) => `La règle « ${f.rule} » de ${f.machine} (${f.cluster}) a changé d'état.`,
    left: (counter, due) => `Compteur : ${counter} ; échéance à ${due}.`,
    units: { hours: "h", km: "km", years: "ans" },
    open: "Enregistrez l'entretien une fois fait depuis sa page :",
  },
  en: {
    soon: (f) => `Maintenance soon: ${f.rule} on ${f.machine}`,
    due: (f) => `Maintenance due: ${f.rule} on ${f.machine}`,
    overdue: (f) => `Maintenance overdue: ${f.rule} on ${f.machine}`,
    hello: "Hello,",
    body: (f) => `The rule “${f.rule}” of ${f.machine} (${f.cluster}) has changed state.`,
    left: (counter, due) => `Counter: ${counter}; due at ${due}.`,
    units: { hours: "h", km: "km", years: "years" },
    open: "Record the maintenance once done from its page:",
  },
  pl: {
    soon: (f) => `Wkrótce konserwacja: ${f.rule} — ${f.machine}`,
    due: (f) => `Konserwacja do wykonania: ${f.rule} — ${f.machine}`,
    overdue: (f) => `Zaległa konserwacja: ${f.rule} — ${f.machine}`,
    hello: "Dzień dobry,",
    body: (f) => `Zasada „${f.rule}” maszyny ${f.machine} (${f.cluster}) zmieniła stan.`,
    left: (counter, due) => `Licznik: ${counter}; termin przy ${due}.`,
    units: { hours: "h", km: "km", years: "lat" },
    open: "Po wykonaniu zapisz konserwację na jej stronie:",
  },
  de: {
    soon: (f) => `Wartung bald fällig: ${f.rule} an ${f.machine}`,
    due: (f) => `Wartung fällig: ${f.rule} an ${f.machine}`,
    overdue: (f) => `Wartung überfällig: ${f.rule} an ${f.machine}`,
    hello: "Guten Tag,",
    body: (f) => `Die Regel „${f.rule}“ von ${f.machine} (${f.cluster}) hat ihren Zustand geändert.`,
    left: (counter, due) => `Zählerstand: ${counter}; fällig bei ${due}.`,
    units: { hours: "h", km: "km", years: "Jahre" },
    open: "Erfassen Sie die Wartung nach getaner Arbeit auf ihrer Seite:",
  },
}

/** The mail telling a manager that a rule turned soon, due or overdue, in their language. */
export const maintenanceAlertMail = (
  status: AlertStatus,
  facts: MaintenanceAlertFacts,
  link: string,
  locale: Locale,
): MailContent => {
  const t = texts[locale]
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })
  const amount = (n: number) => `${number.format(n)} ${t.units[facts.unit]}`
  return {
    subject: t[status](facts),
    text: lines(
      t.hello,
      "",
      t.body(facts),
      t[status](facts),
      ...(facts.counter === null || facts.dueAt === null
        ? []
        : [t.left(amount(facts.counter), amount(facts.dueAt))]),
      "",
      t.open,
      link,
    ),
  }
}
