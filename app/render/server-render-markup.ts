/**
 * The server render writes some of React Router's components' markup itself
 * (ADRs 0120 and 0122: `PathLink`, `PathNavLink`, `FetcherForm`): the same HTML,
 * without the router hooks each of them runs, which only matter in the
 * browser. In the browser they are React Router's components.
 */
export const inServerRender = typeof document === 'undefined'

/**
 * `to` is a path that React Router's resolution (resolveTo, createPath) returns unchanged as a
 * link's href or a form's action: absolute, no `//`, `\\`, `.`/`..` segments, empty `?` or `#`.
 */
export function isPlainPath(to: string): boolean {
	if (to[0] !== '/') return false
	const end = to.search(/[?#]/)
	const pathname = end < 0 ? to : to.slice(0, end)
	if (pathname.includes('//') || pathname.includes('\\') || /\/\.\.?(?:\/|$)/.test(pathname)) return false
	// An empty search or hash is dropped by createPath; keep those on <Link>.
	return end < 0 || !(to.endsWith('?') || to.endsWith('#') || to.includes('?#'))
}
