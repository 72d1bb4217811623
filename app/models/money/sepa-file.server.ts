import SEPA from 'sepa'
import { addDays, isWeekend, localDateOf } from '#app/domain/berlin-time.ts'

/**
 * The SEPA credit-transfer file (pain.001.001.09, EPC132-08 2023) of a payout run (issue 34,
 * ADR 0177), written with the `sepa` package: one payment information block (batch booking) from
 * the platform's account, one transaction per host payout with its EndToEndId and remittance text.
 * Names and texts are reduced to the EPC's basic Latin character set, which every bank accepts.
 */
export type SepaTransfer = {
	endToEndId: string
	/** Positive cents. */
	amount: number
	creditorName: string
	creditorIban: string
	remittance: string
}

export type SepaFileInput = {
	/** The message id (MsgId, ≤ 35 characters): the run's reference. */
	messageId: string
	createdAt: Date
	/** Berlin calendar date `YYYY-MM-DD`. */
	executionDate: string
	debtor: { name: string; iban: string; bic: string }
	transfers: readonly SepaTransfer[]
}

const UMLAUTS: Record<string, string> = {
	ä: 'ae',
	ö: 'oe',
	ü: 'ue',
	Ä: 'Ae',
	Ö: 'Oe',
	Ü: 'Ue',
	ß: 'ss',
	'&': '+',
}

/** Text in the EPC basic character set (a–z A–Z 0–9 / - ? : ( ) . , ' + space), at most `max` characters. */
export function epcText(value: string, max: number): string {
	const text = value
		.replace(/[äöüÄÖÜß&]/g, (c) => UMLAUTS[c] ?? c)
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
		.replace(/\s+/g, ' ')
		.trim()
		.slice(0, max)
		.trim()
	return text || '-'
}

/** The next Berlin business day (Monday–Friday) after the day of `now`: the requested execution date. */
export function nextBusinessDay(now: Date): string {
	let date = addDays(localDateOf(now.getTime()), 1)
	while (isWeekend(date)) date = addDays(date, 1)
	return date
}

/** Cents as the file's decimal amount (2 decimals, never a binary fraction). */
function euros(cents: number): number {
	return Number((cents / 100).toFixed(2))
}

export function buildPain001(input: SepaFileInput): string {
	if (input.transfers.length === 0) throw new Error('a pain.001 file needs at least one transfer')
	const doc = new SEPA.Document('pain.001.001.09')
	doc.grpHdr.id = input.messageId
	doc.grpHdr.created = input.createdAt
	doc.grpHdr.initiatorName = epcText(input.debtor.name, 70)
	const info = doc.createPaymentInfo()
	info.requestedExecutionDate = new Date(`${input.executionDate}T12:00:00Z`)
	info.debtorIBAN = input.debtor.iban.replace(/\s+/g, '').toUpperCase()
	info.debtorBIC = input.debtor.bic.replace(/\s+/g, '').toUpperCase()
	info.debtorName = epcText(input.debtor.name, 70)
	info.batchBooking = true
	doc.addPaymentInfo(info)
	for (const transfer of input.transfers) {
		const tx = info.createTransaction()
		tx.creditorName = epcText(transfer.creditorName, 70)
		tx.creditorIBAN = transfer.creditorIban
		tx.amount = euros(transfer.amount)
		tx.remittanceInfo = epcText(transfer.remittance, 140)
		tx.end2endId = transfer.endToEndId
		info.addTransaction(tx)
	}
	return doc.toString()
}
