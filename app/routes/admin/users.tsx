import { useTranslation } from 'react-i18next'
import { Form, useLocation } from 'react-router'
import type { Route } from './+types/users.ts'
import { ConfirmEmailButton, LoginAsButton } from '#app/components/admin-user-actions.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { requireUserRow } from '#app/models/account.server.ts'
import { listUsers } from '#app/models/admin-users.server.ts'
import { confirmEmailAsAdmin } from '#app/models/credentials.server.ts'
import { userIdQuerySchema, userListQuerySchema } from '#app/schemas/account.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { getT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { listOf } from './user-area.server.ts'

/**
 * /admin/hosts, /admin/guests, /admin/admins (issue 3, PRODUCT.md §4 list
 * shape): search by name or e-mail, pages of `perPage` (default 10), "login as"
 * and "confirm e-mail". One module under three route ids.
 */
export async function loader(args: Route.LoaderArgs) {
	const admin = await requireRole(args, 'Admin')
	const { list, role } = listOf(args.request)
	const url = new URL(args.request.url)
	const parsed = userListQuerySchema.safeParse(Object.fromEntries(url.searchParams))
	const query = parsed.success ? parsed.data : {}
	const page = listUsers(admin, { role, q: query.q, currentPage: query.page, perPage: query.perPage })
	return { list, q: query.q ?? '', ...page }
}

export async function action(args: Route.ActionArgs) {
	const admin = await requireRole(args, 'Admin')
	const form = await args.request.formData()
	const parsed = userIdQuerySchema.safeParse({ userId: form.get('userId') })
	const url = new URL(args.request.url)
	if (form.get('intent') !== 'confirmEmail' || !parsed.success) return new Response(null, { status: 400 })
	confirmEmailAsAdmin(admin, parsed.data.userId)
	const user = requireUserRow(parsed.data.userId)
	return redirectWithToast(`${url.pathname}${url.search}`, {
		type: 'success',
		description: looseT(getT(args.context))('account:admin.emailConfirmed', { name: user.displayName }),
	})
}

function Pagination({
	currentPage,
	perPage,
	totalCount,
}: {
	currentPage: number
	perPage: number
	totalCount: number
}) {
	const { t } = useTranslation('account')
	const location = useLocation()
	const pages = Math.max(1, Math.ceil(totalCount / perPage))
	const link = (page: number) => {
		const search = new URLSearchParams(location.search)
		search.set('page', String(page))
		return `${location.pathname}?${search.toString()}`
	}
	return (
		<nav aria-label={t('admin.pagination')} className="mt-4 flex items-center gap-3 text-sm">
			{currentPage > 1 ? (
				<a href={link(currentPage - 1)} className="btn-secondary">
					{t('admin.previous')}
				</a>
			) : null}
			<span>{t('admin.page', { page: currentPage, pages })}</span>
			{currentPage < pages ? (
				<a href={link(currentPage + 1)} className="btn-secondary">
					{t('admin.next')}
				</a>
			) : null}
		</nav>
	)
}

export default function AdminUsersPage({ loaderData }: Route.ComponentProps) {
	const { t, i18n } = useTranslation()
	const { t: ta } = useTranslation('account')
	const title = pageTitle(t, `admin/${loaderData.list}`)
	const dates = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', { dateStyle: 'medium' })
	const withDetails = loaderData.list !== 'admins'
	return (
		<main id="main" data-testid={`admin-${loaderData.list}`}>
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-4 text-3xl font-bold">{title}</h1>
			<Form method="GET" className="mb-4 flex flex-wrap items-end gap-2" role="search">
				<div>
					<label htmlFor="user-search" className="mb-1 block text-sm font-medium">
						{ta('admin.search')}
					</label>
					<input
						id="user-search"
						name="q"
						type="search"
						defaultValue={loaderData.q}
						maxLength={100}
						placeholder={ta('admin.searchPlaceholder')}
						className="w-72 rounded-lg border border-line bg-surface px-3 py-2 text-ink"
					/>
				</div>
				<button type="submit" className="btn-primary">
					{ta('admin.searchSubmit')}
				</button>
			</Form>
			<p className="mb-2 text-sm text-ink-muted">{ta('admin.total', { count: loaderData.totalCount })}</p>
			{loaderData.items.length === 0 ? (
				<p className="card">{ta('admin.none')}</p>
			) : (
				<div className="overflow-x-auto">
					<table className="w-full text-left text-sm">
						<thead>
							<tr className="border-b border-line">
								<th className="p-2">{ta('admin.columns.name')}</th>
								<th className="p-2">{ta('admin.columns.email')}</th>
								<th className="p-2">{ta('admin.columns.status')}</th>
								<th className="p-2">{ta('admin.columns.registered')}</th>
								<th className="p-2">{ta('admin.columns.actions')}</th>
							</tr>
						</thead>
						<tbody>
							{loaderData.items.map((user) => (
								<tr key={user.id} className="border-b border-line" data-testid="user-row">
									<td className="p-2">
										<div className="font-medium">{user.displayName}</div>
										<div className="text-ink-muted">
											{user.firstName} {user.lastName}
											{user.companyName ? ` · ${user.companyName}` : ''}
										</div>
									</td>
									<td className="p-2">{user.email}</td>
									<td className="p-2">
										{user.emailConfirmed ? ta('admin.confirmed') : ta('admin.unconfirmed')}
									</td>
									<td className="p-2">{dates.format(new Date(user.createdAt))}</td>
									<td className="p-2">
										<div className="flex flex-wrap gap-2">
											{withDetails ? (
												<LocaleLink
													to={`/admin/${loaderData.list}/${user.id}`}
													className="btn-ghost px-2 py-1"
												>
													{ta('admin.details')}
												</LocaleLink>
											) : null}
											{user.role !== 'Admin' ? (
												<LoginAsButton userId={user.id} name={user.displayName} />
											) : null}
											{user.emailConfirmed ? null : <ConfirmEmailButton userId={user.id} />}
										</div>
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)}
			<Pagination
				currentPage={loaderData.currentPage}
				perPage={loaderData.perPage}
				totalCount={loaderData.totalCount}
			/>
		</main>
	)
}
