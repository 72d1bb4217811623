import { Outlet } from 'react-router'
import type { Route } from './+types/public.ts'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SiteFooter } from '#app/components/site-footer.tsx'
import { SiteHeader } from '#app/components/site-header.tsx'

/** The default layout: header, page, footer. Role areas nest inside it. */
function PublicChrome({ children }: { children: React.ReactNode }) {
	return (
		<div className="flex min-h-screen flex-col">
			<SiteHeader />
			<div className="flex-1">{children}</div>
			<SiteFooter />
		</div>
	)
}

export default function PublicLayout() {
	return (
		<PublicChrome>
			<Outlet />
		</PublicChrome>
	)
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return (
		<PublicChrome>
			<div className="px-4">
				<ErrorPage error={error} />
			</div>
		</PublicChrome>
	)
}
