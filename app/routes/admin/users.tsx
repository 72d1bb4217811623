import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/users.ts'
import { loadAdminTablePage } from './admin-table.server.ts'
import { ConfirmEmailButton, LoginAsButton } from '#app/components/admin-user-actions.tsx'
import { DataTablePage } from '#app/components/data-table.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { requireUserRow } from '#app/models/accounts/account.server.ts'
import { listUsers, userTable, type UserListItem } from '#app/models/admin/admin-users.server.ts'
import { confirmEmailAsAdmin } from '#app/models/accounts/credentials.server.ts'
import { userIdQuerySchema } from '#app/schemas/account.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { getT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { listOf } from './user-area.server.ts'

/**
 * /admin/hosts, /admin/guests, /admin/admins (issues 3 and 14): the user data
 * table (free text over name and e-mail, sorting, `showOnlyImportedGuests`,
 * pages of `perPage` (default 10), columns, CSV), "login as" and "confirm
 * e-mail". One module under three route ids.
 */
export async function loader(args: Route.LoaderArgs) {
	const { list, role } = listOf(args.url)
	const { page } = await loadAdminTablePage(args, userTable, (admin, query) => listUsers(admin, role, query))
	return data({ list, ...page.data }, { status: page.status })
}

export async function action(args: Route.ActionArgs) {
	const admin = await requireRole(args, 'Admin')
	const form = await args.request.formData()
	const parsed = userIdQuerySchema.safeParse({ userId: form.get('userId') })
	const url = args.url
	if (form.get('intent') !== 'confirmEmail' || !parsed.success) return new Response(null, { status: 400 })
	confirmEmailAsAdmin(admin, parsed.data.userId)
	const user = requireUserRow(parsed.data.userId)
	return redirectWithToast(`${url.pathname}${url.search}`, {
		type: 'success',
		description: looseT(getT(args.context))('account:admin.emailConfirmed', { name: user.displayName }),
	})
}

const EXPORT: Record<'hosts' | 'guests' | 'admins', string> = {
	hosts: '/api/Admin/User/OwnerExport',
	guests: '/api/Admin/User/CustomerExport',
	admins: '/api/Admin/User/AdminExport',
}

export default function AdminUsersPage({ loaderData }: Route.ComponentProps) {
	const { t, i18n } = useTranslation()
	const { t: ta } = useTranslation('account')
	const title = pageTitle(t, `admin/${loaderData.list}`)
	const dates = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'de-DE', { dateStyle: 'medium' })
	const withDetails = loaderData.list !== 'admins'
	const cell = (key: string, user: UserListItem): React.ReactNode => {
		switch (key) {
			case 'displayName':
				return (
					<>
						<div className="font-medium">{user.displayName}</div>
						<div className="text-ink-muted">
							{user.firstName} {user.lastName}
							{user.companyName ? ` · ${user.companyName}` : ''}
						</div>
					</>
				)
			case 'emailConfirmed':
				return user.emailConfirmed ? ta('admin.confirmed') : ta('admin.unconfirmed')
			case 'imported':
				return user.imported ? '✓' : ''
			case 'createdAt':
				return dates.format(new Date(user.createdAt))
			case 'actions':
				return (
					<div className="flex flex-wrap gap-2">
						{withDetails ? (
							<LocaleLink to={`/admin/${loaderData.list}/${user.id}`} className="btn-ghost px-2 py-1">
								{ta('admin.details')}
							</LocaleLink>
						) : null}
						{user.role !== 'Admin' ? <LoginAsButton userId={user.id} name={user.displayName} /> : null}
						{user.emailConfirmed ? null : <ConfirmEmailButton userId={user.id} />}
					</div>
				)
			default:
				return String(user[key as keyof UserListItem] ?? '')
		}
	}
	return (
		<DataTablePage
			title={title}
			testId={`admin-${loaderData.list}`}
			page={loaderData}
			rowKey={(user) => user.id}
			cell={cell}
			exportPath={EXPORT[loaderData.list]}
			rowTestId="user-row"
		/>
	)
}
