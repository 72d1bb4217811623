import { Transform } from 'node:stream'

const HEAD_END = Buffer.from('</head>')
const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/g

/**
 * Marks the `<link rel="modulepreload">` tags that React Router's `<Scripts>` puts into <head>
 * `fetchpriority="low"` (ADR 0115). Without it Chromium fetches the page's ~35 JavaScript modules at
 * "High" priority next to the one stylesheet, and Lighthouse's simulated throttling (Lantern) counts
 * every High script that finished before the first paint as render-blocking: on a slow 4G phone the
 * first paint waited for ~150 KB of JavaScript the server-rendered page does not need to paint. The
 * scripts still load in parallel (the page hydrates as before); the stylesheet and the LCP image
 * go first. `<Scripts>` offers no way to set the attribute, so the document's head is rewritten
 * once as it streams out: everything up to `</head>` is held (it is part of React's shell, written
 * at once) and the rest passes through untouched.
 */
/** The same rewrite on a whole document (the buffered render path): only its head is touched. */
export function lowerModulePreloadPriorityInDocument(html: string): string {
	const end = html.indexOf('</head>')
	if (end === -1) return html
	return lowerModulePreloadPriorityInHead(html.slice(0, end)) + html.slice(end)
}

/** The same rewrite on a document's head alone (the whole-document render, ADR 0122). */
export function lowerModulePreloadPriorityInHead(head: string): string {
	return head.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"')
}

export function lowerModulePreloadPriority(): Transform {
	let head: Buffer[] | null = []
	return new Transform({
		transform(chunk: Buffer, _encoding, callback) {
			if (!head) return callback(null, chunk)
			head.push(chunk)
			const buffered = Buffer.concat(head)
			const end = buffered.indexOf(HEAD_END)
			if (end === -1) {
				head = [buffered]
				return callback()
			}
			head = null
			const cut = end + HEAD_END.length
			const rewritten = buffered
				.subarray(0, cut)
				.toString('utf8')
				.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"')
			callback(null, Buffer.concat([Buffer.from(rewritten), buffered.subarray(cut)]))
		},
		flush(callback) {
			callback(null, head?.length ? Buffer.concat(head) : undefined)
		},
	})
}
