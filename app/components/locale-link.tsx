import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router'
import { useLocalizePath } from '#app/utils/use-root-data.ts'

/**
 * Links inside the app (ADR 0120). On the server a <Link> to a plain absolute
 * path renders nothing but `<a href data-discover>`, yet runs ~10 hooks to get
 * there (resolving the path against the route matches, the click and prefetch
 * handlers); pages with a link per row or card paid that per row. `PathLink`
 * writes that markup directly on the server, attribute for attribute, and is
 * React Router's <Link> in the browser — so hydration, client navigation,
 * prefetch and route discovery (`data-discover`) are unchanged. Paths it cannot
 * prove equal (relative, `//`, `.`/`..` segments, an empty `?` or `#`, a mask)
 * go through <Link> on the server too.
 */
const ON_SERVER = typeof document === 'undefined'

/** `to` is a path that <Link>'s resolution (resolveTo, createPath) returns unchanged as its href. */
export function isPlainPath(to: string): boolean {
	if (to[0] !== '/') return false
	const end = to.search(/[?#]/)
	const pathname = end < 0 ? to : to.slice(0, end)
	if (pathname.includes('//') || pathname.includes('\\') || /\/\.\.?(?:\/|$)/.test(pathname)) return false
	// An empty search or hash is dropped by createPath; keep those on <Link>.
	return end < 0 || !(to.endsWith('?') || to.endsWith('#') || to.includes('?#'))
}

/** A <Link> whose `to` is a ready absolute path (already localized). */
export function PathLink(props: Omit<LinkProps, 'to'> & { to: string }) {
	if (!ON_SERVER || props.mask || !isPlainPath(props.to)) return <Link {...props} />
	const {
		to,
		discover = 'render',
		target,
		// Only used by the browser's <Link> (click handling, prefetch, navigation options).
		onClick: _onClick,
		prefetch: _prefetch,
		relative: _relative,
		reloadDocument: _reloadDocument,
		replace: _replace,
		state: _state,
		preventScrollReset: _preventScrollReset,
		viewTransition: _viewTransition,
		defaultShouldRevalidate: _defaultShouldRevalidate,
		...rest
	} = props
	return (
		<a {...rest} href={to} target={target} data-discover={discover === 'render' ? 'true' : undefined} />
	)
}

/** A Link whose `to` is a locale-free path; it points into the current locale. */
export function LocaleLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
	const localize = useLocalizePath()
	return <PathLink to={localize(to)} {...props} />
}

export function LocaleNavLink({ to, ...props }: Omit<NavLinkProps, 'to'> & { to: string }) {
	const localize = useLocalizePath()
	return <NavLink to={localize(to)} {...props} />
}
