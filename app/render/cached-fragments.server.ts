import { randomBytes } from 'node:crypto'
import { FRAGMENT_MARKER_TAG, type FragmentStore } from '#app/components/cached-fragment.tsx'
import { createLruCache } from '#app/utils/lru-cache.server.ts'

/**
 * The server's side of `CachedFragment` (app/components/cached-fragment.tsx,
 * ADR 0123): the fragments' HTML, kept per process under their keys, and the
 * store one whole-document render uses.
 *
 * A render writes a marker element where a fragment goes: for a kept one a
 * single marker, for a new one a marker before and after its HTML. `assemble`
 * then puts the kept HTML in, keeps the new HTML and takes the markers out,
 * so the document is byte for byte what a render without the cache writes.
 * The markers carry a random token of this process: no text on a page (React
 * escapes every `<`, and nothing else writes raw HTML with our token) can be
 * taken for one.
 */
const TOKEN = randomBytes(6).toString('hex')
const OPEN = `<${FRAGMENT_MARKER_TAG} data-f="${TOKEN}:`
const CLOSE = `"></${FRAGMENT_MARKER_TAG}>`

/** ~1,000 cards of ~3 KB; least recently used go first. */
const MAX_FRAGMENTS = 1_000
const kept = createLruCache<string>(MAX_FRAGMENTS)

/**
 * Only HTML that starts and ends with an element is position-independent: a
 * text node at either end would change React's `<!-- -->` separators next to
 * it. An eager `<img>` would have made React preload it in <head>, which a
 * kept copy does not do.
 */
export function isKeepableFragment(html: string): boolean {
	return (
		html.startsWith('<') &&
		!html.startsWith('<!--') &&
		html.endsWith('>') &&
		!html.endsWith('-->') &&
		!html.includes('<!--$!') &&
		!/<img\b(?![^>]*\bloading="lazy")/.test(html)
	)
}

export type DocumentFragmentStore = FragmentStore & {
	/** The document with the kept fragments in and the markers out; new fragments are kept. */
	assemble(html: string): string
	/**
	 * The same document as its pieces in order (slices of `html` and kept fragments), for a
	 * caller that writes them out one by one instead of copying the page into one string.
	 */
	assembleParts(html: string): string[]
}

export function createFragmentStore(): DocumentFragmentStore {
	const hits: string[] = []
	const misses: string[] = []
	function assembleParts(html: string): string[] {
		if (hits.length === 0 && misses.length === 0) return [html]
		const parts = html.split(OPEN)
		const out = [parts[0] ?? '']
		for (let i = 1; i < parts.length; i++) {
			const part = parts[i] as string
			const close = part.indexOf(CLOSE)
			const kind = part[0]
			const index = Number(part.slice(1, close))
			const rest = part.slice(close + CLOSE.length)
			if (kind === 'h') out.push(hits[index] as string)
			// A new fragment's HTML is all of the text up to its end marker (inner fragments are plain).
			else if (kind === 's' && isKeepableFragment(rest)) kept.set(misses[index] as string, ownCopy(rest))
			if (rest) out.push(rest)
		}
		return out
	}
	return {
		place(key) {
			const html = kept.get(key)
			if (html !== undefined) return { hit: `${TOKEN}:h${hits.push(html) - 1}` }
			const index = misses.push(key) - 1
			return { start: `${TOKEN}:s${index}`, end: `${TOKEN}:e${index}` }
		},
		assembleParts,
		assemble: (html) => assembleParts(html).join(''),
	}
}

/**
 * A string that does not hold on to the one it was cut from. V8 keeps a slice
 * as a view of its parent, so a kept fragment would keep its whole document
 * alive for as long as it stays in the cache.
 */
function ownCopy(slice: string): string {
	return Buffer.from(slice, 'utf8').toString('utf8')
}

/** For tests: forget every kept fragment. */
export function clearKeptFragments() {
	kept.clear()
}
