import { useTranslation } from 'react-i18next'
import type { Route } from './+types/support-page.ts'
import { ChatThread } from '#app/components/chat-thread.tsx'
import { DetailColumn, DetailFrame } from '#app/components/detail-frame.tsx'
import { findUserSupportThread } from '#app/models/chat/support.server.ts'
import { requireUser } from '#app/utils/auth.server.ts'
import { postSupportMessage, supportThreadPageData } from './support-thread.server.ts'

/**
 * /support (ADR 0163): the logged-in user's conversation with the platform — any role. The
 * first message creates the thread; admins answer in /admin/support. Works without JavaScript:
 * the form posts and comes back to the new message; "load new messages" reloads.
 */
export async function loader(args: Route.LoaderArgs) {
	const user = await requireUser(args)
	const thread = findUserSupportThread(user.id)
	return { thread: supportThreadPageData(user, 'user', thread?.id ?? null) }
}

export async function action(args: Route.ActionArgs) {
	const user = await requireUser(args)
	return postSupportMessage(args, user, 'user', findUserSupportThread(user.id)?.id, '/support')
}

export default function SupportPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tc } = useTranslation('chat')
	const { thread } = loaderData
	const title = tc('support.title')
	return (
		<div className="mx-auto max-w-3xl px-4 py-6">
			<DetailFrame title={title} testId="support-page">
				<title>{`${title} | ${t('appName')}`}</title>
				<DetailColumn>
					<p className="text-sm text-ink-muted">{tc('support.intro')}</p>
					{thread.header ? (
						<p className="text-sm" data-testid="support-status">
							{tc('support.statusLabel')}: {tc(`support.statuses.${thread.header.status}`)}
						</p>
					) : null}
					<ChatThread
						thread={{
							...thread,
							header: thread.header && { ...thread.header, otherDisplayName: tc('support.platformName') },
						}}
						orderPath={(orderId) => `/guest/orders/${orderId}`}
						live={
							thread.header
								? {
										api: '/api/Support',
										threadId: thread.header.id,
										event: 'SupportHasNewMessage',
										otherId: thread.header.id,
									}
								: undefined
						}
					/>
				</DetailColumn>
			</DetailFrame>
		</div>
	)
}
