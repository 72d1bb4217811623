/**
 * Contact details in chat messages before the pair's first confirmed order (issue 32,
 * docs/subsystems/chat.md): phone numbers, e-mail addresses and URLs are replaced by a mask for
 * both sides when read, so that a booking is not taken off the platform before it is confirmed.
 * Pure and browser-safe; the stored text is never changed.
 */
export const CHAT_MASK = '•••'

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu
const URL_LIKE =
	/\b(?:(?:https?|ftp):\/\/|www\.)[^\s<>"]+|\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?:de|com|net|org|info|eu|io|at|ch|me|app|link|ly)\b(?:\/[^\s<>"]*)?/giu
/** A run of digits with spaces, slashes, dashes or brackets holding at least 6 digits (dates use dots). */
const PHONE = /(?:\+|\b00)?\d[\d\s/()-]{4,}\d/g

function countDigits(text: string) {
	return text.replace(/\D/g, '').length
}

export function maskContactDetails(body: string): { text: string; masked: boolean } {
	let masked = false
	const mask = () => {
		masked = true
		return CHAT_MASK
	}
	const text = body
		.replace(EMAIL, mask)
		.replace(URL_LIKE, mask)
		.replace(PHONE, (match) => (countDigits(match) >= 6 ? mask() : match))
	return { text, masked }
}

/** Splits a message into text and links (http(s) only); everything else stays text. */
export function linkifyParts(text: string): { text: string; href?: string }[] {
	const parts: { text: string; href?: string }[] = []
	const pattern = /\bhttps?:\/\/[^\s<>"]+/gi
	let last = 0
	for (const match of text.matchAll(pattern)) {
		const index = match.index
		// A trailing full stop or bracket ends the sentence, not the link.
		const url = match[0].replace(/[.,;:!?)\]]+$/, '')
		if (index > last) parts.push({ text: text.slice(last, index) })
		parts.push({ text: url, href: url })
		last = index + url.length
	}
	if (last < text.length) parts.push({ text: text.slice(last) })
	return parts
}
