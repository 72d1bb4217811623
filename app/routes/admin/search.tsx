import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { Route } from './+types/search.ts'
import { StatusBadge } from '#app/components/booking-ui.tsx'
import { DetailSection } from '#app/components/detail-frame.tsx'
import { FieldErrors } from '#app/components/forms.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { PlayroomStatusBadge } from '#app/components/playroom-status.tsx'
import { searchAdmin, type AdminSearchResult } from '#app/models/admin/admin-search.server.ts'
import { adminSearchQuerySchema } from '#app/schemas/admin-dashboard.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { formatDate } from '#app/utils/format-instant.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/search (issue 14, ADR 0092): one box (a GET form, works without
 * JavaScript) that finds users, orders and playrooms; results grouped by type,
 * each linking to its admin page. The same model answers
 * GET /api/Admin/Search/Get.
 */
export async function loader(args: Route.LoaderArgs) {
	const admin = await requireRole(args, 'Admin')
	const url = args.url
	const submission = parseFormSubmission(url.searchParams, { schema: adminSearchQuerySchema })
	if (submission.status !== 'success') {
		const raw = (url.searchParams.get('query') ?? '').slice(0, 200)
		return { result: null, query: raw, errors: submission.error?.query ?? [] }
	}
	const query = submission.value.query ?? ''
	return { result: query ? searchAdmin(admin, query) : null, query, errors: [] as string[] }
}

function Group({
	id,
	title,
	more,
	children,
}: {
	id: string
	title: string
	more: boolean
	children: React.ReactNode
}) {
	const { t } = useTranslation('adminDashboard')
	return (
		<DetailSection id={id} title={title} wide>
			<ul className="flex flex-col gap-2">{children}</ul>
			{more ? <p className="mt-2 text-sm text-ink-muted">{t('search.more')}</p> : null}
		</DetailSection>
	)
}

function Results({ result }: { result: AdminSearchResult }) {
	const { t } = useTranslation('adminDashboard')
	const locale = useLocale()
	if (result.users.length + result.orders.length + result.playrooms.length === 0) {
		return (
			<p role="status" data-testid="search-nothing">
				{t('search.nothing', { query: result.query })}
			</p>
		)
	}
	return (
		<div className="grid gap-4 lg:grid-cols-2" data-testid="search-results">
			{result.users.length ? (
				<Group id="search-users" title={t('search.users')} more={result.more.users}>
					{result.users.map((user) => (
						<li key={user.id} className="flex flex-wrap items-baseline gap-2" data-testid="search-user">
							<LocaleLink to={user.path} className="link font-semibold">
								{user.name || user.displayName}
							</LocaleLink>
							<span>{user.email}</span>
							<span className="text-ink-muted">{user.displayName}</span>
							<span className="rounded-full border border-line px-2 text-xs">
								{t(`search.roles.${user.role}`)}
							</span>
							{user.deleted ? <span className="text-xs text-danger">{t('search.deleted')}</span> : null}
						</li>
					))}
				</Group>
			) : null}
			{result.orders.length ? (
				<Group id="search-orders" title={t('search.orders')} more={result.more.orders}>
					{result.orders.map((order) => (
						<li key={order.id} className="flex flex-wrap items-center gap-2" data-testid="search-order">
							<LocaleLink to={order.path} className="link font-mono font-semibold">
								{order.code}
							</LocaleLink>
							<span>{order.guestName}</span>
							<span className="text-ink-muted">{order.playroomName}</span>
							<span className="text-ink-muted">{formatDate(Date.parse(order.checkIn), locale)}</span>
							<StatusBadge status={order.status} />
						</li>
					))}
				</Group>
			) : null}
			{result.playrooms.length ? (
				<Group id="search-playrooms" title={t('search.playrooms')} more={result.more.playrooms}>
					{result.playrooms.map((playroom) => (
						<li key={playroom.id} className="flex flex-wrap items-center gap-2" data-testid="search-playroom">
							<LocaleLink to={playroom.path} className="link font-semibold">
								{playroom.name}
							</LocaleLink>
							<span>{playroom.city}</span>
							<span className="font-mono text-sm text-ink-muted">/{playroom.urlPath}</span>
							<PlayroomStatusBadge status={playroom.status} />
						</li>
					))}
				</Group>
			) : null}
		</div>
	)
}

export default function AdminSearchPage({ loaderData: data }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: ta } = useTranslation('adminDashboard')
	const title = pageTitle(t, 'admin/search')
	return (
		<main id="main" data-testid="admin-search">
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-4 text-3xl font-bold">{title}</h1>
			<Form method="get" role="search" className="card mb-4">
				<label htmlFor="admin-search-query" className="mb-1 block text-sm font-medium">
					{ta('search.label')}
				</label>
				<div className="flex flex-wrap gap-2">
					<input
						id="admin-search-query"
						name="query"
						type="search"
						defaultValue={data.query}
						maxLength={200}
						placeholder={ta('search.placeholder')}
						aria-describedby={`admin-search-hint${data.errors.length ? ' admin-search-error' : ''}`}
						aria-invalid={data.errors.length ? true : undefined}
						className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2 text-ink"
					/>
					<button type="submit" className="btn-primary">
						{ta('search.submit')}
					</button>
				</div>
				<p id="admin-search-hint" className="mt-1 text-xs text-ink-muted">
					{ta('search.hint')}
				</p>
				<FieldErrors id="admin-search-error" errors={data.errors} />
			</Form>
			{data.result?.indexing ? (
				<p role="status" className="text-sm text-ink-muted" data-testid="search-indexing">
					{ta('search.indexing')}
				</p>
			) : null}
			{data.result ? <Results result={data.result} /> : null}
		</main>
	)
}
