import { Outlet } from 'react-router'
import type { Route } from './+types/public.ts'
import { ErrorPage } from '#app/components/error-page.tsx'
import { SiteChrome } from '#app/components/site-chrome.tsx'

/** The default layout: header, page, footer. Role areas nest inside it. */
export default function PublicLayout() {
	return (
		<SiteChrome>
			<Outlet />
		</SiteChrome>
	)
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return (
		<SiteChrome>
			<div className="px-4">
				<ErrorPage error={error} />
			</div>
		</SiteChrome>
	)
}
