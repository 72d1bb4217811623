import { Link, NavLink, useLocation, type LinkProps, type NavLinkProps } from 'react-router'
import { inServerRender, PLAIN_PATH } from '#app/utils/server-render-markup.ts'
import { useLocalizePath } from '#app/utils/use-root-data.ts'

/**
 * Links into the current locale. In the browser they are React Router's
 * `Link`/`NavLink`. In the server render (ADR 0122) a link to a plain
 * absolute path is written as the `<a>` React Router would write — same
 * `href`, `data-discover`, `aria-current`, class and style — without the
 * ~10 hooks each `Link` runs there (path resolution twice, click handler,
 * prefetch and view-transition state), which are only used in the browser.
 * Anything the fast path does not cover (relative paths, prefetching,
 * `reloadDocument`, `discover`, masks, a `relative` mode, encoded or dot
 * segments) goes through React Router. `locale-link.test.tsx` renders both
 * ways and compares the markup.
 */

/** Printable ASCII: React Router's `encodeLocation` (used for NavLink's active state) leaves it as is. */
const ASCII = /^[\x21-\x7e]*$/

/** Link props that only act in the browser (the server writes no handlers or navigation state). */
const BROWSER_ONLY = new Set(['onClick', 'replace', 'state', 'preventScrollReset', 'viewTransition', 'ref'])
/** Link props that change the server's markup: with any of these the link goes through React Router. */
const NEEDS_ROUTER = new Set([
	'prefetch',
	'reloadDocument',
	'discover',
	'relative',
	'mask',
	'defaultShouldRevalidate',
])

function anchorProps(props: Record<string, unknown>): Record<string, unknown> | null {
	const anchor: Record<string, unknown> = {}
	for (const name in props) {
		if (NEEDS_ROUTER.has(name) && props[name] !== undefined) return null
		if (!BROWSER_ONLY.has(name) && !NEEDS_ROUTER.has(name)) anchor[name] = props[name]
	}
	return anchor
}

type LocaleLinkProps = Omit<LinkProps, 'to'> & { to: string }
type LocaleNavLinkProps = Omit<NavLinkProps, 'to'> & { to: string }

/** A Link whose `to` is a locale-free path; it points into the current locale. */
export function LocaleLink({ to, ...props }: LocaleLinkProps) {
	const localized = useLocalizePath()(to)
	const anchor = inServerRender && PLAIN_PATH.test(localized) ? anchorProps(props) : null
	if (!anchor) return <Link to={localized} {...props} />
	const { target, ...attributes } = anchor
	// Attribute order as React Router writes them (href, then target).
	return <a {...attributes} href={localized} target={target as string | undefined} data-discover="true" />
}

export function LocaleNavLink(props: LocaleNavLinkProps) {
	return inServerRender ? <ServerLocaleNavLink {...props} /> : <BrowserLocaleNavLink {...props} />
}

function BrowserLocaleNavLink({ to, ...props }: LocaleNavLinkProps) {
	const localize = useLocalizePath()
	return <NavLink to={localize(to)} {...props} />
}

/** NavLink's server markup: active when the page's path is the link's (or below it, unless `end`). */
function ServerLocaleNavLink({
	to,
	'aria-current': ariaCurrentProp = 'page',
	caseSensitive = false,
	className: classNameProp = '',
	end = false,
	style: styleProp,
	children,
	...props
}: LocaleNavLinkProps) {
	const localized = useLocalizePath()(to)
	const location = useLocation()
	const anchor = PLAIN_PATH.test(localized) && ASCII.test(localized) ? anchorProps(props) : null
	if (!anchor)
		return (
			<NavLink
				to={localized}
				aria-current={ariaCurrentProp}
				caseSensitive={caseSensitive}
				className={classNameProp}
				end={end}
				style={styleProp}
				{...props}
			>
				{children}
			</NavLink>
		)
	let toPathname = localized.replace(/[?#].*$/, '')
	let locationPathname = location.pathname
	if (!caseSensitive) {
		toPathname = toPathname.toLowerCase()
		locationPathname = locationPathname.toLowerCase()
	}
	const isActive =
		locationPathname === toPathname ||
		(!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(toPathname.length) === '/')
	const state = { isActive, isPending: false, isTransitioning: false }
	const className =
		typeof classNameProp === 'function'
			? classNameProp(state)
			: [classNameProp, isActive ? 'active' : null].filter(Boolean).join(' ')
	const { target, ...attributes } = anchor
	return (
		<a
			{...attributes}
			aria-current={isActive ? ariaCurrentProp : undefined}
			className={className}
			style={typeof styleProp === 'function' ? styleProp(state) : styleProp}
			href={localized}
			target={target as string | undefined}
			data-discover="true"
		>
			{typeof children === 'function' ? children(state) : children}
		</a>
	)
}
