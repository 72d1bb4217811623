import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router'
import { useLocalizePath } from '#app/utils/use-root-data.ts'

/** A Link whose `to` is a locale-free path; it points into the current locale. */
export function LocaleLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
	const localize = useLocalizePath()
	return <Link to={localize(to)} {...props} />
}

export function LocaleNavLink({ to, ...props }: Omit<NavLinkProps, 'to'> & { to: string }) {
	const localize = useLocalizePath()
	return <NavLink to={localize(to)} {...props} />
}
