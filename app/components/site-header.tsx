import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useLocation } from 'react-router'
import { AREA_ACCOUNT_EDIT, AREA_HOME, AREA_LABEL_KEY } from '#app/utils/areas.ts'
import { useColorMode } from '#app/utils/color-mode.ts'
import { openLoginModal } from '#app/utils/login-modal.ts'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { useLocalizePath, useSessionUser } from '#app/hooks/use-root-data.ts'
import { cachedFragment } from './cached-fragment.tsx'
import { LanguageSwitch } from './language-switch.tsx'
import { LocaleLink, LocaleNavLink } from './locale-link.tsx'
import { Logo } from './logo.tsx'
import { useRealtimeStatus } from './realtime-provider.tsx'
import { showsSupportWidget } from './support-widget.tsx'
import { ThemeToggle } from './theme-toggle.tsx'
import { Icon, SpriteIcon } from './icon.tsx'

const NAV_ITEMS = [
	{ to: '/playrooms', labelKey: 'nav.playrooms' },
	{ to: '/info/host-info', labelKey: 'nav.forHosts' },
	{ to: '/info/guest-faq', labelKey: 'nav.help' },
] as const

/** The realtime status needs the WebSocket, i.e. JavaScript: nothing is shown until React runs. */
function RealtimeIndicator() {
	const { t } = useTranslation()
	const status = useRealtimeStatus()
	const hydrated = useHydrated()
	if (!hydrated) return null
	const colour = status === 'Online' ? 'bg-success' : status === 'Offline' ? 'bg-danger' : 'bg-ink-muted'
	return (
		<span
			className="flex items-center gap-1 px-2 text-xs text-ink-muted"
			data-testid="realtime-status"
			data-status={status}
		>
			<span aria-hidden="true" className={`h-2 w-2 rounded-full ${colour}`} />
			<span className="sr-only">{t('realtime.label')}: </span>
			<span className="hidden lg:inline">{t(`realtime.${status}`)}</span>
		</span>
	)
}

function AccountMenu() {
	const { t } = useTranslation()
	const user = useSessionUser()
	const location = useLocation()
	const localize = useLocalizePath()
	if (!user) {
		const redirect = `${location.pathname}${location.search}`
		return (
			<a
				href={`${localize('/login')}?redirect=${encodeURIComponent(redirect)}`}
				className="btn-primary"
				data-testid="login-link"
				onClick={(event) => {
					// With JavaScript the link opens #modal-login; without it, it is the login page.
					if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
					event.preventDefault()
					openLoginModal()
				}}
			>
				{t('nav.login')}
			</a>
		)
	}
	return (
		<details className="relative min-w-0" data-testid="account-menu">
			<summary className="btn-secondary w-full min-w-0 cursor-pointer list-none lg:w-auto">
				<span className="block max-w-full truncate lg:max-w-40" data-testid="account-name">
					{user.displayName}
				</span>
			</summary>
			<div className="mt-2 flex flex-col gap-1 rounded-lg border border-line bg-surface p-2 lg:absolute lg:right-0 lg:z-50 lg:w-56 lg:shadow-lg">
				<LocaleLink to={AREA_HOME[user.role]} className="btn-ghost justify-start">
					{t(AREA_LABEL_KEY[user.role])}
				</LocaleLink>
				{user.role === 'Owner' ? (
					<LocaleLink to="/owner/orders" className="btn-ghost justify-start">
						{t('nav.areas.owner')}
					</LocaleLink>
				) : null}
				<LocaleLink to={AREA_ACCOUNT_EDIT[user.role]} className="btn-ghost justify-start">
					{t('nav.account')}
				</LocaleLink>
				{showsSupportWidget(user) ? (
					<LocaleLink to="/support" className="btn-ghost justify-start" data-testid="support-link">
						{t('nav.support')}
					</LocaleLink>
				) : null}
				<Form method="POST" action={localize('/auth/logout')}>
					<button type="submit" className="btn-ghost w-full justify-start">
						{t('nav.logout')}
					</button>
				</Form>
			</div>
		</details>
	)
}

/**
 * The site header. An account's header is its own and rendered each time; every anonymous visitor
 * sees the same header for the same URL (active link, language switch, login's return address)
 * and colour mode, so that one is kept by the server (ADR 0148). Those two are exactly what the
 * header reads from context for an anonymous visitor, and they are its props.
 */
export function SiteHeader() {
	const user = useSessionUser()
	const mode = useColorMode()
	const { pathname, search } = useLocation()
	return user ? <HeaderContent /> : <AnonymousHeader mode={mode} url={`${pathname}${search}`} />
}

const AnonymousHeader = cachedFragment('site-header-anonymous', (_inputs: { mode: string; url: string }) => (
	<HeaderContent />
))

/**
 * The site header (issue 11). On a phone: logo, search and a menu button; the
 * menu is a `<details>` (works without JavaScript) holding navigation,
 * favourites, language, theme and account. From 1024 px the same elements
 * stand in one row: `.site-menu` keeps the details' content visible there
 * (app.css), so every control exists once in the document.
 */
function HeaderContent() {
	const { t } = useTranslation()
	const user = useSessionUser()
	const location = useLocation()
	const menu = useRef<HTMLDetailsElement>(null)
	// With JavaScript a client-side navigation leaves the page: close the menu (and the account menu).
	// Not when React starts: a menu opened before hydration (ADR 0124) stays open.
	const shownUrl = useRef(`${location.pathname}${location.search}`)
	useEffect(() => {
		const url = `${location.pathname}${location.search}`
		if (url === shownUrl.current) return
		shownUrl.current = url
		menu.current?.removeAttribute('open')
		menu.current?.querySelector('details[open]')?.removeAttribute('open')
	}, [location.pathname, location.search])
	return (
		<header className="border-b border-line bg-surface">
			<a href="#main" className="sr-only-focusable absolute left-2 top-2 z-50 btn-primary">
				{t('skipToContent')}
			</a>
			<div className="relative mx-auto flex max-w-7xl items-center gap-2 px-4 py-3 lg:gap-4">
				<Logo />
				<LocaleLink
					to="/playrooms"
					className="btn-ghost ml-auto px-2 lg:hidden"
					aria-label={t('nav.search')}
					title={t('nav.search')}
					data-testid="header-search"
				>
					<Icon name="search" />
				</LocaleLink>
				<details ref={menu} className="site-menu lg:flex-1" data-testid="site-menu">
					<summary
						className="btn-ghost cursor-pointer list-none px-2 lg:hidden"
						aria-label={t('nav.menu')}
						data-testid="site-menu-button"
					>
						<Icon name="menu" />
					</summary>
					<div
						className="absolute inset-x-2 top-full z-50 mt-1 flex flex-col gap-2 rounded-lg border border-line bg-surface p-3 shadow-lg lg:static lg:mt-0 lg:flex-1 lg:flex-row lg:items-center lg:border-0 lg:p-0 lg:shadow-none"
						data-testid="site-menu-panel"
					>
						<nav aria-label={t('nav.main')} className="lg:flex-1">
							<ul className="flex flex-col gap-1 lg:flex-row">
								{NAV_ITEMS.map((item) => (
									<li key={item.to}>
										<LocaleNavLink
											to={item.to}
											className={({ isActive }) =>
												`btn-ghost w-full justify-start lg:w-auto ${isActive ? 'bg-surface-raised text-accent' : ''}`
											}
										>
											{t(item.labelKey)}
										</LocaleNavLink>
									</li>
								))}
							</ul>
						</nav>
						<div className="flex min-w-0 flex-wrap items-center gap-1 border-t border-line pt-2 lg:flex-nowrap lg:border-0 lg:pt-0">
							{user ? <RealtimeIndicator /> : null}
							<LocaleLink
								to="/playrooms?onlyFavorites=true"
								className="btn-ghost px-2"
								aria-label={t('nav.favourites')}
								title={t('nav.favourites')}
								data-testid="favourites-link"
							>
								<SpriteIcon name="heart" />
							</LocaleLink>
							<LanguageSwitch />
							<ThemeToggle />
							<div className="w-full min-w-0 lg:w-auto">
								<AccountMenu />
							</div>
						</div>
					</div>
				</details>
			</div>
		</header>
	)
}
