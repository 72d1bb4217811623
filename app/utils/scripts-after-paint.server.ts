/**
 * The page's JavaScript starts loading after the browser has painted the
 * server's HTML once (issue 11, docs/subsystems/performance.md, Lighthouse
 * follow-up 8).
 *
 * React Router's `<Scripts>` writes ~35 `<link rel="modulepreload">` (React
 * hoists them into <head>) and one inline module script that imports the
 * route modules and the entry. All of them start their requests while the
 * document is still being parsed, so the phone's first paint shares the
 * connection and the main thread with ~150 KB of JavaScript that only
 * hydration needs. Lighthouse's simulated slow 4G counts every request that
 * had started before the observed first paint: whenever the scripts won
 * that race the simulated LCP jumped from ~1.3 s to ~3 s.
 *
 * Here, in a document rendered whole (ADR 0122), the preloads are taken out
 * of the head and the module script becomes a small classic script (same
 * nonce) that, after the next frame, puts both back: the same preloads at low
 * priority, then the same module code. Hydration is unchanged — React keeps
 * an element whose attributes or inline text differ while hydrating
 * (`<Scripts>` marks them `suppressHydrationWarning`) and puts hoisted
 * preloads it does not find into the head itself.
 */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?\/>/g
const HREF = / href="([^"]*)"/
const MODULE_SCRIPT_ATTRIBUTES = ' type="module" async="">'

/** A JavaScript string literal that is safe inside an inline <script>. */
function scriptString(text: string): string {
	return JSON.stringify(text).replace(/</g, '\\u003c')
}

export function loadScriptsAfterFirstPaint(head: string, body: string): { head: string; body: string } {
	const moved = loadScriptsAfterFirstPaintInParts(head, [body])
	return { head: moved.head, body: moved.body.join('') }
}

/**
 * The same for a body given as its pieces in order (cached-fragments.server.ts): only the piece
 * that holds the module script is cut, the others are passed on as they are.
 */
export function loadScriptsAfterFirstPaintInParts(
	head: string,
	body: readonly string[],
): { head: string; body: readonly string[] } {
	// React Router's module script stands near the end of <body>: found from there, not by a scan.
	let at = body.length - 1
	let attributesAt = -1
	while (at >= 0 && (attributesAt = (body[at] as string).lastIndexOf(MODULE_SCRIPT_ATTRIBUTES)) < 0) at--
	const part = body[at]
	if (part === undefined) return { head, body }
	const start = part.lastIndexOf('<script', attributesAt)
	const codeAt = attributesAt + MODULE_SCRIPT_ATTRIBUTES.length
	const end = part.indexOf('</script>', codeAt)
	if (start < 0 || end < 0) return { head, body }
	const attributes = part.slice(start + '<script'.length, attributesAt)
	const code = part.slice(codeAt, end)
	if (attributes.includes('>') || !code.includes('window.__reactRouterRouteModules')) return { head, body }
	const hrefs: string[] = []
	const withoutPreloads = head.replace(MODULE_PRELOAD, (link) => {
		const href = HREF.exec(link)?.[1]
		if (href) hrefs.push(href.replaceAll('&amp;', '&'))
		return ''
	})
	const loader = loaderFor(hrefs, code)
	return {
		head: withoutPreloads,
		body: [
			...body.slice(0, at),
			part.slice(0, start),
			`<script${attributes}>`,
			loader,
			part.slice(end),
			...body.slice(at + 1),
		],
	}
}

/** The loader is the same for every page of a path (its hrefs and module code): written once. */
const loaders = new Map<string, string>()
const MAX_LOADERS = 500

function loaderFor(hrefs: string[], code: string): string {
	const key = `${hrefs.join('\n')}\n\n${code}`
	let loader = loaders.get(key)
	if (loader === undefined) {
		loader =
			`(function(){var n=document.currentScript&&document.currentScript.nonce,done=false;` +
			`function go(){if(done)return;done=true;` +
			`${JSON.stringify(hrefs).replace(/</g, '\\u003c')}.forEach(function(h){` +
			`var l=document.createElement('link');l.rel='modulepreload';l.href=h;l.setAttribute('fetchpriority','low');` +
			`if(n)l.nonce=n;document.head.appendChild(l)});` +
			`var m=document.createElement('script');m.type='module';if(n)m.nonce=n;m.textContent=${scriptString(code)};` +
			`document.body.appendChild(m)}` +
			// After the next frame has been painted; a hidden tab paints no frames, so at the latest after 1 s.
			`requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)})()`
		if (loaders.size >= MAX_LOADERS) loaders.clear()
		loaders.set(key, loader)
	}
	return loader
}
