/**
 * A redirect target taken from user input must stay on this site: only
 * absolute paths ("/x"), never "//host", "/\\host" or "https://…".
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/'): string {
	if (!value || typeof value !== 'string') return fallback
	const trimmed = value.trim()
	if (!trimmed.startsWith('/') || trimmed.startsWith('//') || trimmed.startsWith('/\\')) return fallback
	if ([...trimmed].some((char) => char.charCodeAt(0) < 0x20)) return fallback
	return trimmed
}
