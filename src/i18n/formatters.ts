import type { FormattersInitializer } from 'typesafe-i18n'
import type { Locales, Formatters } from './i18n-types.js'

export const initFormatters: FormattersInitializer<Locales, Formatters> = (locale: Locales) => {
	// A count as the language writes it: "30 000" in French, "30,000" in English.
	const number = new Intl.NumberFormat(locale)

	const formatters: Formatters = {
		num: (value: number) => number.format(value),
	}

	return formatters
}
