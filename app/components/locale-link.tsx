import { Link, NavLink, useLocation, type LinkProps, type NavLinkProps } from 'react-router'
import { inServerRender, isPlainPath } from '#app/render/server-render-markup.ts'
import { useLocalizePath } from '#app/hooks/use-root-data.ts'

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
/** A <Link> whose `to` is a ready absolute path (already localized). */
export function PathLink(props: Omit<LinkProps, 'to'> & { to: string }) {
	// prefetch="render" writes prefetch <link>s beside the <a>: React Router's job.
	if (!inServerRender || props.mask || props.prefetch === 'render' || !isPlainPath(props.to))
		return <Link {...props} />
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
	return <a {...rest} href={to} target={target} data-discover={discover === 'render' ? 'true' : undefined} />
}

/** Paths whose URL encoding (NavLink compares `encodeLocation(to).pathname`) is themselves. */
const URL_SAFE_PATHNAME = /^[\w\-.~/]*$/

/**
 * A <NavLink> whose `to` is a ready absolute path: on the server its markup
 * directly — `aria-current` and the "active" class from the request's path
 * as NavLink computes them (a server render is never pending or in a view
 * transition) — and React Router's <NavLink> in the browser (ADR 0120).
 */
export function PathNavLink(props: Omit<NavLinkProps, 'to'> & { to: string }) {
	const location = useLocation()
	const end = props.to.search(/[?#]/)
	const pathname = end < 0 ? props.to : props.to.slice(0, end)
	if (!inServerRender || !isPlainPath(props.to) || !URL_SAFE_PATHNAME.test(pathname))
		return <NavLink {...props} />
	const {
		'aria-current': ariaCurrentProp = 'page',
		caseSensitive = false,
		className: classNameProp = '',
		end: exact = false,
		style: styleProp,
		to,
		viewTransition,
		children,
		...rest
	} = props
	const toPathname = caseSensitive ? pathname : pathname.toLowerCase()
	const locationPathname = caseSensitive ? location.pathname : location.pathname.toLowerCase()
	const endSlash = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length
	const isActive =
		locationPathname === toPathname ||
		(!exact && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlash) === '/')
	const renderProps = { isActive, isPending: false, isTransitioning: false }
	const className =
		typeof classNameProp === 'function'
			? classNameProp(renderProps)
			: [classNameProp, isActive ? 'active' : null].filter(Boolean).join(' ')
	return (
		<PathLink
			{...rest}
			aria-current={isActive ? ariaCurrentProp : undefined}
			className={className}
			style={typeof styleProp === 'function' ? styleProp(renderProps) : styleProp}
			to={to}
			viewTransition={viewTransition}
		>
			{typeof children === 'function' ? children(renderProps) : children}
		</PathLink>
	)
}

/** A Link whose `to` is a locale-free path; it points into the current locale. */
export function LocaleLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
	const localize = useLocalizePath()
	return <PathLink to={localize(to)} {...props} />
}

export function LocaleNavLink({ to, ...props }: Omit<NavLinkProps, 'to'> & { to: string }) {
	const localize = useLocalizePath()
	return <PathNavLink to={localize(to)} {...props} />
}
