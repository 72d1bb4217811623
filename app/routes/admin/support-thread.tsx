import { useTranslation } from 'react-i18next'
import { Form, redirect } from 'react-router'
import type { Route } from './+types/support-thread.ts'
import { LoginAsButton } from '#app/components/admin-user-actions.tsx'
import { AuditHistory } from '#app/components/audit-history.tsx'
import { UserOrders } from '#app/components/admin-user-sections.tsx'
import { ChatThread } from '#app/components/chat-thread.tsx'
import { DetailColumn, DetailFrame, DetailSection } from '#app/components/detail-frame.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { getUserActivity } from '#app/models/admin/admin-user-activity.server.ts'
import { listAuditEntries } from '#app/models/platform/audit-log.server.ts'
import {
	assignSupportThread,
	getSupportThreadContext,
	setSupportStatus,
} from '#app/models/chat/support.server.ts'
import { SUPPORT_STATUS_VALUES, supportAssignFormSchema, supportStatusFormSchema } from '#app/schemas/chat.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { getLocale } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { requireOwnedParams } from '#app/utils/ownership.server.ts'
import { notFound } from '#app/utils/route-params.server.ts'
import { postSupportMessage, supportThreadPageData } from '../support/support-thread.server.ts'

/**
 * /admin/support/:supportThreadId (ADR 0163): one user's support thread for the admins — the
 * thread (the one thread component; opening it reads it for every admin), the user's orders
 * beside it, the status and assign forms and "login as" (impersonation). Plain forms: works
 * without JavaScript.
 */
export async function loader(args: Route.LoaderArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	const threadId = args.params.supportThreadId
	const context = getSupportThreadContext(admin, threadId)
	const thread = supportThreadPageData(admin, 'platform', threadId)
	const activity = context.user ? getUserActivity(admin, context.user.id) : null
	return {
		me: admin.id,
		thread,
		user: context.user,
		assignees: context.assignees,
		orders: activity && { orders: activity.orders, orderCount: activity.orderCount },
		history: listAuditEntries('supportThread', threadId),
	}
}

export async function action(args: Route.ActionArgs) {
	const admin = await requireRole(args, 'Admin')
	requireOwnedParams(args.params, admin)
	const threadId = args.params.supportThreadId
	const here = `/admin/support/${threadId}`
	const form = await args.request.clone().formData()
	const intent = form.get('intent')
	if (intent === 'status' || intent === 'assign') {
		if (intent === 'status') {
			const parsed = supportStatusFormSchema.safeParse({ status: form.get('status') })
			if (!parsed.success) throw notFound()
			setSupportStatus(admin, threadId, parsed.data.status)
		} else {
			const parsed = supportAssignFormSchema.safeParse({ adminId: form.get('adminId') || undefined })
			if (!parsed.success) throw notFound()
			assignSupportThread(admin, threadId, parsed.data.adminId ?? null)
		}
		return redirect(localizePath(here, getLocale(args.context)))
	}
	return postSupportMessage(args, admin, 'platform', threadId, here)
}

export default function AdminSupportThreadPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tc } = useTranslation('chat')
	const { thread, user, assignees, me, orders, history } = loaderData
	const header = thread.header
	const title = tc('support.admin.threadTitle', { name: user?.displayName ?? '' })
	const userPath =
		user?.role === 'Owner' ? '/admin/hosts' : user?.role === 'Customer' ? '/admin/guests' : null
	return (
		<DetailFrame
			title={title}
			testId="admin-support-thread"
			badge={header ? <span className="text-sm">{tc(`support.statuses.${header.status}`)}</span> : null}
		>
			<title>{`${title} | ${t('appName')}`}</title>
			<DetailColumn>
				<p>
					<LocaleLink to="/admin/support" className="link text-sm">
						{tc('support.admin.back')}
					</LocaleLink>
				</p>
				<ChatThread
					thread={thread}
					orderPath={(orderId) => `/admin/orders/${orderId}`}
					live={
						header
							? {
									api: '/api/Admin/Support',
									threadId: header.id,
									event: 'SupportHasNewMessage',
									otherId: header.id,
								}
							: undefined
					}
				/>
			</DetailColumn>
			<DetailColumn>
				{user ? (
					<DetailSection id="support-user" title={tc('support.admin.user')}>
						<p className="break-words">
							{userPath ? (
								<LocaleLink to={`${userPath}/${user.id}`} className="link font-semibold">
									{user.displayName}
								</LocaleLink>
							) : (
								<span className="font-semibold">{user.displayName}</span>
							)}
						</p>
						<p className="mb-3 text-sm break-words text-ink-muted">{user.email}</p>
						{user.role !== 'Admin' ? <LoginAsButton userId={user.id} name={user.displayName} /> : null}
					</DetailSection>
				) : null}
				{header ? (
					<DetailSection id="support-manage" title={tc('support.admin.manage')}>
						<ChoiceForm
							intent="status"
							name="status"
							label={tc('support.admin.columns.status')}
							defaultValue={header.status}
							options={SUPPORT_STATUS_VALUES.map((status) => ({
								value: status,
								text: tc(`support.statuses.${status}`),
							}))}
							submit={tc('support.admin.setStatus')}
						/>
						<ChoiceForm
							intent="assign"
							name="adminId"
							label={tc('support.admin.columns.assignedAdmin')}
							defaultValue={header.assignedAdminId ?? ''}
							options={[
								{ value: '', text: tc('support.admin.nobody') },
								...assignees.map((admin) => ({ value: admin.id, text: admin.displayName })),
							]}
							submit={tc('support.admin.assign')}
						/>
						{header.assignedAdminId !== me ? (
							<Form method="POST">
								<input type="hidden" name="intent" value="assign" />
								<input type="hidden" name="adminId" value={me} />
								<button type="submit" className="btn-secondary px-3 py-2" data-testid="support-assign-me">
									{tc('support.admin.assignToMe')}
								</button>
							</Form>
						) : null}
					</DetailSection>
				) : null}
				{user && orders ? <UserOrders userId={user.id} activity={orders} /> : null}
				{user?.role === 'Owner' ? (
					<p>
						<LocaleLink to={`/admin/orders?hostId=${user.id}`} className="link text-sm">
							{tc('support.admin.hostOrders')}
						</LocaleLink>
					</p>
				) : null}
			</DetailColumn>
			<AuditHistory entries={history} />
		</DetailFrame>
	)
}

/** One choice and its submit button: a plain form posting `intent` to the page's action. */
function ChoiceForm({
	intent,
	name,
	label,
	defaultValue,
	options,
	submit,
}: {
	intent: string
	name: string
	label: string
	defaultValue: string
	options: { value: string; text: string }[]
	submit: string
}) {
	return (
		<Form method="POST" className="mb-3 flex flex-wrap items-end gap-2">
			<input type="hidden" name="intent" value={intent} />
			<label className="flex flex-col text-sm">
				{label}
				<select
					name={name}
					defaultValue={defaultValue}
					className="rounded-lg border border-line bg-surface px-3 py-2 text-ink"
				>
					{options.map((option) => (
						<option key={option.value} value={option.value}>
							{option.text}
						</option>
					))}
				</select>
			</label>
			<button type="submit" className="btn-secondary px-3 py-2">
				{submit}
			</button>
		</Form>
	)
}
