import { Outlet } from 'react-router'
import { LanguageSwitch } from '#app/components/language-switch.tsx'
import { Logo } from '#app/components/logo.tsx'
import { ThemeToggle } from '#app/components/theme-toggle.tsx'

/** Layout "routes" (spec §2): a plain page for the HTML sitemap. */
export default function RoutesLayout() {
	return (
		<div className="mx-auto max-w-5xl px-4 py-6">
			<header className="mb-6 flex items-center gap-3">
				<Logo />
				<div className="ml-auto flex items-center gap-1">
					<LanguageSwitch />
					<ThemeToggle />
				</div>
			</header>
			<Outlet />
		</div>
	)
}
