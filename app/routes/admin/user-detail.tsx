import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { Route } from './+types/user-detail.ts'
import { ConfirmEmailButton, LoginAsButton } from '#app/components/admin-user-actions.tsx'
import { Rows } from '#app/components/detail-frame.tsx'
import {
	UserNewsletterConsents,
	UserOrders,
	UserPlayrooms,
	UserSessions,
} from '#app/components/admin-user-sections.tsx'
import { DetailFrame, DetailSection } from '#app/components/detail-frame.tsx'
import { NewPasswordFields } from '#app/components/account-fields.tsx'
import { AuditHistory } from '#app/components/audit-history.tsx'
import { HostTransferSection } from '#app/routes/admin/host-transfer-form.tsx'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import { fieldLabels, FormAlert, getFormProps, SubmitButton } from '#app/components/forms.tsx'
import { useAppForm } from '#app/components/app-form.ts'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { deleteUserAsAdmin, requireUserRow } from '#app/models/accounts/account.server.ts'
import { endAllUserSessions, getUserActivity } from '#app/models/admin/admin-user-activity.server.ts'
import { getUserForAdmin } from '#app/models/admin/admin-users.server.ts'
import { listNewsletterConsents } from '#app/models/vouchers/newsletter.server.ts'
import { confirmEmailAsAdmin, setPasswordAsAdmin } from '#app/models/accounts/credentials.server.ts'
import { adminChangePasswordSchema } from '#app/schemas/account.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { failedForm, invalidForm } from '#app/utils/form-actions.server.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { requireOwnedParams } from '#app/utils/ownership.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { hostTransferAction } from './host-transfer.server.ts'
import { listOf, userAuditData } from './user-area.server.ts'

/** /admin/hosts/:hostUserId and /admin/guests/:guestUserId: one account, with the admin's actions. */
function userIdOf(params: Record<string, string | undefined>) {
	return params.hostUserId ?? params.guestUserId ?? ''
}

export async function loader(args: Route.LoaderArgs) {
	const admin = await requireRole(args, 'Admin')
	// An unknown id, or a guest's id under /admin/hosts: 404 (not the model's AppError, a 500 on a page).
	requireOwnedParams(args.params, admin)
	const { list, role } = listOf(args.url)
	const user = getUserForAdmin(admin, userIdOf(args.params), role)
	const newsletterConsents = listNewsletterConsents(admin, user.id).map((record) => ({
		...record,
		createdAt: record.createdAt.getTime(),
	}))
	return {
		list,
		user,
		activity: getUserActivity(admin, user.id),
		newsletterConsents,
		...userAuditData(user.id, list),
	}
}

export async function action(args: Route.ActionArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	const { list, role } = listOf(args.url)
	const user = getUserForAdmin(admin, userIdOf(args.params), role)
	const form = await args.request.formData()
	const t = looseT(getT(args.context))
	const locale = getLocale(args.context)
	const here = localizePath(`/admin/${list}/${user.id}`, locale)
	switch (form.get('intent')) {
		case 'confirmEmail':
			confirmEmailAsAdmin(admin, user.id)
			return redirectWithToast(here, {
				type: 'success',
				description: t('account:admin.emailConfirmed', { name: requireUserRow(user.id).displayName }),
			})
		case 'setPassword': {
			const submission = parseFormSubmission(form, { schema: adminChangePasswordSchema })
			if (submission.status !== 'success') return invalidForm('setPassword', submission)
			try {
				await setPasswordAsAdmin(admin, user.id, submission.value.newPassword)
			} catch (error) {
				return failedForm('setPassword', submission, error)
			}
			return redirectWithToast(here, { type: 'success', description: t('account:admin.passwordSet') })
		}
		case 'endSessions': {
			const ended = endAllUserSessions(admin, user.id)
			return redirectWithToast(here, {
				type: 'success',
				description: t('account:admin.sessionsEnded', { total: ended }),
			})
		}
		case 'delete': {
			if (form.get('confirm') !== 'on') return new Response(null, { status: 400 })
			deleteUserAsAdmin(admin, user.id)
			return redirectWithToast(localizePath(`/admin/${list}`, locale), {
				type: 'success',
				description: t('account:admin.userDeleted'),
			})
		}
		case 'hostTransfer':
			if (list !== 'hosts') return new Response(null, { status: 400 })
			return hostTransferAction(form, { admin, sourceUserId: user.id, here, t })
		default:
			return new Response(null, { status: 400 })
	}
}

function SetPasswordForm() {
	const { t: ta } = useTranslation('account')
	const [form, fields] = useAppForm({
		id: 'set-password',
		schema: adminChangePasswordSchema,
		lastResult: useFormResult('setPassword'),
	})
	return (
		<Form method="POST" {...getFormProps(form)}>
			<FormAlert form={form} labels={fieldLabels(ta, 'auth:fields')} />
			<input type="hidden" name="intent" value="setPassword" />
			<NewPasswordFields password={fields.newPassword} hint={ta('admin.setPasswordHint')} />
			<SubmitButton className="btn-primary">{ta('admin.setPassword')}</SubmitButton>
		</Form>
	)
}

export default function AdminUserDetailPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: ta } = useTranslation('account')
	const locale = useLocale()
	const { user, list, activity } = loaderData
	const title = `${pageTitle(t, `admin/${list}/detail`)}: ${user.displayName}`
	const when = (instant: string) => formatDateTime(new Date(instant), locale)
	const address = [
		user.companyName,
		user.street,
		[user.postalCode, user.city].filter(Boolean).join(' '),
		user.country,
	]
		.filter(Boolean)
		.join(', ')
	return (
		<DetailFrame
			testId="admin-user-detail"
			title={title}
			subtitle={user.email}
			actions={
				<>
					<LoginAsButton userId={user.id} name={user.displayName} />
					{user.emailConfirmed ? null : <ConfirmEmailButton userId={user.id} />}
				</>
			}
		>
			<title>{`${title} | ${t('appName')}`}</title>
			<DetailSection id="user-facts" title={ta('admin.details')}>
				<dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
					<dt className="font-medium">{ta('admin.columns.name')}</dt>
					<dd>
						{user.firstName} {user.lastName}
					</dd>
					<dt className="font-medium">{ta('admin.columns.email')}</dt>
					<dd>{user.email}</dd>
					<dt className="font-medium">{ta('admin.columns.status')}</dt>
					<dd>{user.emailConfirmed ? ta('admin.confirmed') : ta('admin.unconfirmed')}</dd>
					<dt className="font-medium">{ta('admin.phone')}</dt>
					<dd>{user.phoneNumber ?? '–'}</dd>
					<dt className="font-medium">{ta('admin.language')}</dt>
					<dd>{t(`language.name.${user.langPreference}`)}</dd>
					{list === 'hosts' ? (
						<>
							<dt className="font-medium">{ta('admin.address')}</dt>
							<dd>{address || '–'}</dd>
						</>
					) : null}
					<dt className="font-medium">{ta('admin.columns.registered')}</dt>
					<dd>{when(user.createdAt)}</dd>
				</dl>
			</DetailSection>
			<DetailSection id="user-set-password" title={ta('admin.setPassword')}>
				<SetPasswordForm />
			</DetailSection>
			{list === 'hosts' ? (
				<UserPlayrooms userId={user.id} activity={activity} />
			) : (
				<UserOrders userId={user.id} activity={activity} />
			)}
			<UserSessions activity={activity} />
			<UserNewsletterConsents records={loaderData.newsletterConsents} />
			<DetailSection id="user-impersonations" title={ta('admin.impersonations')}>
				{user.impersonations.length === 0 ? (
					<p>{ta('admin.none')}</p>
				) : (
					<Rows
						label={ta('admin.impersonations')}
						testId="impersonations-table"
						head={[ta('admin.startedAt'), ta('admin.endedAt'), ta('admin.ip')]}
						rows={user.impersonations.map((entry) => [
							when(entry.startedAt),
							entry.endedAt ? when(entry.endedAt) : ta('admin.running'),
							entry.startedIp ?? '–',
						])}
					/>
				)}
			</DetailSection>
			{loaderData.transferPlayrooms ? (
				<HostTransferSection hostId={user.id} playrooms={loaderData.transferPlayrooms} />
			) : null}
			<AuditHistory entries={loaderData.history} />
			<DetailSection id="user-delete" title={ta('admin.deleteUser')}>
				<p className="mb-4 text-sm text-ink-muted">{ta('admin.deleteUserHint')}</p>
				<Form method="POST">
					<input type="hidden" name="intent" value="delete" />
					<div className="mb-4 flex items-start gap-2">
						<input id="delete-confirm" type="checkbox" name="confirm" required className="mt-1 h-4 w-4" />
						<label htmlFor="delete-confirm" className="text-sm">
							{ta('admin.deleteConfirm')}
						</label>
					</div>
					<button type="submit" className="btn-primary bg-danger">
						{ta('admin.deleteUser')}
					</button>
				</Form>
			</DetailSection>
			<LocaleLink to={`/admin/${list}`} className="link">
				{ta('admin.backToList')}
			</LocaleLink>
		</DetailFrame>
	)
}
