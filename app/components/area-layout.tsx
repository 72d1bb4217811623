import { useTranslation } from 'react-i18next'
import { Outlet, useFetcher, useLocation, useMatches } from 'react-router'
import { DEFAULT_SIDEBAR, type PreferenceSaved, type SidebarState } from '#app/utils/preferences.ts'
import { stripLocale } from '#app/utils/locale.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { inServerRender } from '#app/render/server-render-markup.ts'
import { useRootData } from '#app/hooks/use-root-data.ts'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { badgeCount, useStatusPolling, type StatusCounts } from '#app/hooks/use-status-polling.ts'
import { LocaleLink, LocaleNavLink } from './locale-link.tsx'
import { FetcherForm } from './fetcher-form.tsx'
import { Icon } from './icon.tsx'

export type AreaNavItem = { id: string; to: string }

/** The role's status endpoint and the counts the layout loader read (spec §4 Status polling). */
export type AreaStatus = { endpoint: string; counts: StatusCounts }

/**
 * A count next to a sidebar entry ("3 new" for screen readers); nothing when 0. `relative`: the
 * sr-only text is positioned inside the badge, so in the phone's sideways-scrolling menu it stays
 * within the menu instead of widening the page.
 */
function NavBadge({ count }: { count: number }) {
	const { t } = useTranslation('hostOffice')
	if (count <= 0) return null
	return (
		<span
			className="relative ml-auto rounded-full bg-accent px-2 text-xs font-semibold text-accent-ink"
			data-testid="nav-badge"
		>
			<span aria-hidden="true">{count}</span>
			<span className="sr-only">{t('status.badge', { count })}</span>
		</span>
	)
}

const SIDEBAR_FETCHER_KEY = 'sidebar'

/**
 * Sidebar state: optimistic while the preference is being saved, then the
 * saved one (the save does not revalidate the root loader), else the root's.
 */
/** The server render has no fetcher in flight: there the root's preference (ADR 0122). */
const useSidebarState: () => SidebarState = inServerRender ? useSavedSidebarState : useLiveSidebarState

function useSavedSidebarState(): SidebarState {
	return useRootData()?.sidebar ?? DEFAULT_SIDEBAR
}

function useLiveSidebarState(): SidebarState {
	const data = useRootData()
	const fetcher = useFetcher<PreferenceSaved>({ key: SIDEBAR_FETCHER_KEY })
	if (fetcher.formData?.get('intent') === 'sidebar') {
		return {
			show: fetcher.formData.get('show') === '1',
			minimize: fetcher.formData.get('minimize') === '1',
		}
	}
	return fetcher.data?.sidebar ?? data?.sidebar ?? DEFAULT_SIDEBAR
}

function SidebarButton({
	next,
	label,
	children,
}: {
	next: SidebarState
	label: string
	children: React.ReactNode
}) {
	const location = useLocation()
	const hydrated = useHydrated()
	return (
		<FetcherForm
			fetcherKey={SIDEBAR_FETCHER_KEY}
			method="POST"
			action="/resources/preferences"
			defaultShouldRevalidate={false}
		>
			<input type="hidden" name="intent" value="sidebar" />
			<input type="hidden" name="show" value={next.show ? '1' : '0'} />
			<input type="hidden" name="minimize" value={next.minimize ? '1' : '0'} />
			{hydrated ? null : (
				<input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
			)}
			<button type="submit" className="btn-ghost px-2" aria-label={label} title={label}>
				{children}
			</button>
		</FetcherForm>
	)
}

/** Page titles are keyed by route id; a crumb's parent is the id minus its last segment. */
function useBreadcrumbs(areaId: string) {
	const { t, i18n } = useTranslation()
	const matches = useMatches()
	const current = matches[matches.length - 1]
	if (!current) return []
	const crumbs: { id: string; label: string; to: string | null }[] = []
	const hasTitle = (id: string) => i18n.exists(`pages.${id}`)
	let id = current.id
	const chain: string[] = []
	while (id.includes('/')) {
		if (hasTitle(id) && !id.endsWith('/index')) chain.unshift(id)
		id = id.slice(0, id.lastIndexOf('/'))
	}
	crumbs.push({ id: `${areaId}/index`, label: pageTitle(t, `${areaId}/index`), to: `/${areaId}` })
	for (const [index, crumbId] of chain.entries()) {
		const last = index === chain.length - 1
		crumbs.push({ id: crumbId, label: pageTitle(t, crumbId), to: last ? null : `/${crumbId}` })
	}
	return crumbs
}

/** The sidebar's links (the desktop column, and the phone menu's list). */
function NavLinks({
	items,
	sidebar,
	counts,
}: {
	items: AreaNavItem[]
	sidebar: SidebarState
	counts: StatusCounts | null
}) {
	const { t } = useTranslation()
	return items.map((item) => {
		const label = pageTitle(t, item.id)
		return (
			<LocaleNavLink
				key={item.id}
				to={item.to}
				title={sidebar.minimize ? label : undefined}
				className={({ isActive }) =>
					`btn-ghost shrink-0 justify-start ${isActive ? 'bg-surface-raised text-accent' : ''}`
				}
			>
				{sidebar.minimize ? (
					<>
						<span aria-hidden="true" className="font-mono text-xs">
							{label.slice(0, 2)}
						</span>
						<span className="sr-only">{label}</span>
						<NavBadge count={badgeCount(item.id, counts)} />
					</>
				) : (
					<>
						{label}
						<NavBadge count={badgeCount(item.id, counts)} />
					</>
				)}
			</LocaleNavLink>
		)
	})
}

/** The item the page belongs to: the longest `to` the path starts with. */
function useCurrentItem(items: AreaNavItem[]): AreaNavItem | undefined {
	const path = stripLocale(useLocation().pathname)
	return items
		.filter((item) => path === item.to || path.startsWith(`${item.to}/`))
		.sort((a, b) => b.to.length - a.to.length)[0]
}

/**
 * On a phone, an area with many sections (the admin's 17) shows them behind one control naming the
 * current section, opening to a list that wraps (issue 31.12): a `<details>`, so it works without
 * JavaScript; it closes on navigation (keyed by the path).
 */
function PhoneMenu({ items, counts }: { items: AreaNavItem[]; counts: StatusCounts | null }) {
	const { t } = useTranslation()
	const location = useLocation()
	const current = useCurrentItem(items)
	return (
		<details key={location.pathname} className="group md:hidden" data-testid="area-menu">
			<summary
				className="btn-secondary w-full cursor-pointer list-none justify-between [&::-webkit-details-marker]:hidden"
				data-testid="area-menu-button"
			>
				<span className="min-w-0 truncate">
					<span className="text-ink-muted">{t('sidebar.sections')}: </span>
					{current ? pageTitle(t, current.id) : null}
				</span>
				<span aria-hidden="true" className="transition-transform group-open:rotate-180">
					▾
				</span>
			</summary>
			<nav aria-label={t('sidebar.label')} className="mt-2 grid grid-cols-2 gap-1">
				<NavLinks items={items} sidebar={{ show: true, minimize: false }} counts={counts} />
			</nav>
		</details>
	)
}

/**
 * The area's navigation; on a phone a row above the page that scrolls inside its own box (with
 * shadows at the edges with more), or (`phoneMenu`) one control that opens the list.
 */
function Sidebar({
	items,
	sidebar,
	counts,
	phoneMenu,
}: {
	items: AreaNavItem[]
	sidebar: SidebarState
	counts: StatusCounts | null
	phoneMenu: boolean
}) {
	const { t } = useTranslation()
	return (
		<aside
			className={`${sidebar.minimize ? 'md:w-16' : 'md:w-60'} min-w-0 shrink-0`}
			data-testid="area-sidebar"
			data-minimized={sidebar.minimize}
		>
			{phoneMenu ? <PhoneMenu items={items} counts={counts} /> : null}
			<nav
				aria-label={t('sidebar.label')}
				className={`${phoneMenu ? 'hidden md:flex' : 'flex'} scroll-x gap-1 pb-1 [--scroll-bg:var(--color-surface)] md:sticky md:top-4 md:flex-col md:overflow-visible md:bg-none md:pb-0`}
			>
				<NavLinks items={items} sidebar={sidebar} counts={counts} />
				<SidebarButton
					next={{ show: true, minimize: !sidebar.minimize }}
					label={sidebar.minimize ? t('sidebar.expand') : t('sidebar.minimize')}
				>
					<span aria-hidden="true">{sidebar.minimize ? '»' : '«'}</span>
				</SidebarButton>
			</nav>
		</aside>
	)
}

/**
 * The layout of the role areas (guest, host, owner, admin): a sidebar that can
 * be hidden (sidebarShow) or minimised (sidebarMinimize), and breadcrumbs.
 */
export function AreaLayout({
	areaId,
	items,
	status = null,
	phoneMenu = false,
	notice = null,
}: {
	areaId: 'guest' | 'host' | 'owner' | 'admin'
	items: AreaNavItem[]
	status?: AreaStatus | null
	/** Many sections: on a phone one control that opens them (issue 31.12). */
	phoneMenu?: boolean
	/** A banner above every page of the area (the admin's e-mail health, ADR 0175). */
	notice?: React.ReactNode
}) {
	const { t } = useTranslation()
	const counts = useStatusPolling(status?.endpoint ?? null, status?.counts ?? null)
	const sidebar = useSidebarState()
	const crumbs = useBreadcrumbs(areaId)
	return (
		<div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 md:flex-row md:gap-6" data-area={areaId}>
			{sidebar.show ? (
				<Sidebar items={items} sidebar={sidebar} counts={counts} phoneMenu={phoneMenu} />
			) : null}
			<div className="min-w-0 flex-1">
				<div className="mb-4 flex items-center gap-2">
					<SidebarButton
						next={{ show: !sidebar.show, minimize: sidebar.minimize }}
						label={sidebar.show ? t('sidebar.hide') : t('sidebar.show')}
					>
						<Icon name="sidebar" />
					</SidebarButton>
					<nav aria-label={t('breadcrumbs')} className="min-w-0">
						<ol className="flex flex-wrap items-center gap-1 text-sm text-ink-muted">
							{crumbs.map((crumb, index) => (
								<li key={crumb.id} className="flex items-center gap-1">
									{index > 0 ? <span aria-hidden="true">/</span> : null}
									{crumb.to ? (
										<LocaleLink to={crumb.to} className="hover:text-ink">
											{crumb.label}
										</LocaleLink>
									) : (
										<span aria-current="page" className="text-ink">
											{crumb.label}
										</span>
									)}
								</li>
							))}
						</ol>
					</nav>
				</div>
				{notice}
				<Outlet />
			</div>
		</div>
	)
}
