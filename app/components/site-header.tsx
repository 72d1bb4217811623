import { useTranslation } from 'react-i18next'
import { Form, useLocation } from 'react-router'
import { AREA_ACCOUNT_EDIT, AREA_HOME, AREA_LABEL_KEY } from '#app/utils/areas.ts'
import { openLoginModal } from '#app/utils/login-modal.ts'
import { useLocalizePath, useSessionUser } from '#app/utils/use-root-data.ts'
import { LanguageSwitch } from './language-switch.tsx'
import { LocaleLink, LocaleNavLink } from './locale-link.tsx'
import { Logo } from './logo.tsx'
import { useRealtimeStatus } from './realtime-provider.tsx'
import { ThemeToggle } from './theme-toggle.tsx'
import { Icon, SpriteIcon } from './icon.tsx'

const NAV_ITEMS = [
	{ to: '/playrooms', labelKey: 'nav.playrooms' },
	{ to: '/info/host-info', labelKey: 'nav.forHosts' },
	{ to: '/info/guest-faq', labelKey: 'nav.help' },
] as const

function RealtimeIndicator() {
	const { t } = useTranslation()
	const status = useRealtimeStatus()
	const colour = status === 'Online' ? 'bg-success' : status === 'Offline' ? 'bg-danger' : 'bg-ink-muted'
	return (
		<span
			className="flex items-center gap-1 text-xs text-ink-muted"
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
		<details className="relative" data-testid="account-menu">
			<summary className="btn-secondary cursor-pointer list-none">
				<span className="max-w-40 truncate">{user.displayName}</span>
			</summary>
			<div className="absolute right-0 z-50 mt-2 flex w-56 flex-col gap-1 rounded-lg border border-line bg-surface p-2 shadow-lg">
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
				<Form method="POST" action={localize('/auth/logout')}>
					<button type="submit" className="btn-ghost w-full justify-start">
						{t('nav.logout')}
					</button>
				</Form>
			</div>
		</details>
	)
}

export function SiteHeader() {
	const { t } = useTranslation()
	const user = useSessionUser()
	return (
		<header className="border-b border-line bg-surface">
			<a href="#main" className="sr-only-focusable absolute left-2 top-2 z-50 btn-primary">
				{t('skipToContent')}
			</a>
			<div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
				<Logo />
				<nav aria-label={t('nav.main')} className="hidden flex-1 md:block">
					<ul className="flex gap-1">
						{NAV_ITEMS.map((item) => (
							<li key={item.to}>
								<LocaleNavLink
									to={item.to}
									className={({ isActive }) => `btn-ghost ${isActive ? 'bg-surface-raised text-accent' : ''}`}
								>
									{t(item.labelKey)}
								</LocaleNavLink>
							</li>
						))}
					</ul>
				</nav>
				<div className="ml-auto flex items-center gap-1">
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
					<AccountMenu />
					<details className="relative md:hidden">
						<summary className="btn-ghost cursor-pointer list-none" aria-label={t('nav.menu')}>
							<Icon name="menu" />
						</summary>
						<nav
							aria-label={t('nav.main')}
							className="absolute right-0 z-50 mt-2 flex w-56 flex-col gap-1 rounded-lg border border-line bg-surface p-2 shadow-lg"
						>
							{NAV_ITEMS.map((item) => (
								<LocaleLink key={item.to} to={item.to} className="btn-ghost justify-start">
									{t(item.labelKey)}
								</LocaleLink>
							))}
						</nav>
					</details>
				</div>
			</div>
		</header>
	)
}
