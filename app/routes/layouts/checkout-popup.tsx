import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import type { Route } from './+types/checkout-popup.ts'
import { ErrorPage } from '#app/components/error-page.tsx'
import { LanguageSwitch } from '#app/components/language-switch.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { Logo } from '#app/components/logo.tsx'
import { ThemeToggle } from '#app/components/theme-toggle.tsx'
import { ServerToastNotice } from '#app/components/toaster.tsx'

/** The checkout's layout: no navigation, only the logo and a way out. */
function CheckoutChrome({ children }: { children: React.ReactNode }) {
	const { t } = useTranslation()
	return (
		<div className="min-h-screen bg-surface-sunken">
			<header className="border-b border-line bg-surface">
				<div className="mx-auto flex max-w-4xl items-center gap-2 px-4 py-3">
					<Logo compact />
					<div className="ml-auto flex items-center gap-1">
						<LanguageSwitch />
						<ThemeToggle />
						<LocaleLink to="/playrooms" className="btn-ghost px-2">
							{t('checkoutPopup.close')}
						</LocaleLink>
					</div>
				</div>
			</header>
			<ServerToastNotice />
			<div className="mx-auto max-w-4xl px-4 py-6">{children}</div>
		</div>
	)
}

export default function CheckoutPopupLayout() {
	return (
		<CheckoutChrome>
			<Outlet />
		</CheckoutChrome>
	)
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return (
		<CheckoutChrome>
			<ErrorPage error={error} />
		</CheckoutChrome>
	)
}
