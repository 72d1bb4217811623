import { SiteFooter } from './site-footer.tsx'
import { SiteHeader } from './site-header.tsx'
import { SupportWidget } from './support-widget.tsx'
import { ServerToastNotice } from './toaster.tsx'

/**
 * The default page frame: header, the pending server message, page, footer.
 * Used by the public layout and by the root error boundary, so an error page
 * (e.g. a 403 thrown by an area's role guard, which RR renders at the root)
 * keeps the navigation.
 */
export function SiteChrome({ children }: { children: React.ReactNode }) {
	return (
		<div className="flex min-h-screen flex-col">
			<SiteHeader />
			<ServerToastNotice />
			<div className="min-w-0 flex-1">{children}</div>
			<SiteFooter />
			<SupportWidget />
		</div>
	)
}
