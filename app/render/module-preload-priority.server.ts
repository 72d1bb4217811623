const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/g

/**
 * Marks the `<link rel="modulepreload">` tags that React Router's `<Scripts>` puts into <head>
 * `fetchpriority="low"` (ADR 0115). Without it Chromium fetches the page's ~35 JavaScript modules at
 * "High" priority next to the one stylesheet, and Lighthouse's simulated throttling (Lantern) counts
 * every High script that finished before the first paint as render-blocking: on a slow 4G phone the
 * first paint waited for ~150 KB of JavaScript the server-rendered page does not need to paint. The
 * scripts still load in parallel (the page hydrates as before); the stylesheet and the LCP image
 * go first. `<Scripts>` offers no way to set the attribute, so the rendered document's head is
 * rewritten: only its head is touched.
 */
export function lowerModulePreloadPriorityInDocument(html: string): string {
	const end = html.indexOf('</head>')
	if (end === -1) return html
	return lowerModulePreloadPriorityInHead(html.slice(0, end)) + html.slice(end)
}

/** The same rewrite on a document's head alone (the whole-document render, ADR 0122). */
export function lowerModulePreloadPriorityInHead(head: string): string {
	return head.replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"')
}
