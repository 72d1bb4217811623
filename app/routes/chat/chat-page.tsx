import { useTranslation } from 'react-i18next'
import type { ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/chat-page.ts'
import { ChatThread } from '#app/components/chat-thread.tsx'
import { StatusBadge } from '#app/components/booking-ui.tsx'
import { DetailColumn, DetailFrame, DetailSection } from '#app/components/detail-frame.tsx'
import { GuestNotifications } from '#app/components/notifications/notification-list.tsx'
import { LocaleLink, LocaleNavLink } from '#app/components/locale-link.tsx'
import type { LiveThreadConfig } from '#app/hooks/use-live-thread.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { CHAT_THREAD_FILTERS } from '#app/schemas/chat.ts'
import { formatDate } from '#app/utils/format-instant.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { chatPageAction, chatPageLoader } from './chat-page.server.ts'
import { chatThreadPath, type ChatArea } from './chat-paths.ts'

/**
 * The chat pages of the three areas (issue 32, docs/subsystems/chat.md): the thread list and,
 * when the URL names one, the thread — messages rendered as React text (never HTML), links
 * clickable only for http(s) URLs once the pair has a confirmed order, order chips to the
 * order, a "load new messages" link and a form that posts and comes back to the new message.
 */
export async function loader(args: Route.LoaderArgs) {
	return chatPageLoader(args)
}

export async function action(args: Route.ActionArgs) {
	return chatPageAction(args)
}

/**
 * An open thread with JavaScript is live (ADR 0162): it fetches its own new messages, so the
 * status polling's revalidation (a badge count changed) does not reload it — a reload would move
 * the read cursor while the tab is not looked at. Navigations and form posts load as always.
 */
export function shouldRevalidate({
	currentUrl,
	nextUrl,
	currentParams,
	formMethod,
	defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
	const sameUrl = currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search
	const threadOpen =
		Boolean(currentParams.guestId) || /[?&](hostId|playroomId|guestId)=/.test(currentUrl.search)
	if (!formMethod && sameUrl && threadOpen) return false
	return defaultShouldRevalidate
}

type Data = Route.ComponentProps['loaderData']
type ThreadData = NonNullable<Data['thread']>

const ROUTE_ID: Record<ChatArea, string> = {
	guest: 'guest/chatMessages',
	host: 'host/chatMessages',
	owner: 'owner/chatMessages',
}

export default function ChatPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tc } = useTranslation('chat')
	const { area, thread } = loaderData
	const title = thread?.header
		? tc('thread.title', { name: thread.header.otherDisplayName })
		: pageTitle(t, area === 'owner' && thread ? 'owner/chatMessages/detail' : ROUTE_ID[area])
	const narrow = area === 'owner'
	return (
		<DetailFrame title={title} narrow={narrow} testId="chat-page">
			<title>{`${title} | ${t('appName')}`}</title>
			{thread ? (
				<>
					<DetailColumn>
						<p>
							<LocaleLink to={`/${area}/chatMessages`} className="link text-sm">
								{tc('threads.back')}
							</LocaleLink>
						</p>
						<ChatThread
							key={thread.header?.id ?? 'new'}
							thread={thread}
							orderPath={(orderId) => `/${area}/orders/${orderId}`}
							live={liveConfig(area, thread)}
						/>
					</DetailColumn>
					{thread.orders.length > 0 ? <OrdersBeside area={area} orders={thread.orders} /> : null}
					{thread.contact ? <ContactBeside contact={thread.contact} /> : null}
				</>
			) : (
				<>
					{loaderData.notifications?.items.length ? (
						<div className="min-w-0 lg:col-span-2">
							<GuestNotifications data={loaderData.notifications} />
						</div>
					) : null}
					<ThreadList data={loaderData} />
				</>
			)}
		</DetailFrame>
	)
}

/** The live thread's endpoint family and hub event; none before the thread's first message (the form post creates it). */
function liveConfig(area: ChatArea, thread: ThreadData): LiveThreadConfig | undefined {
	const header = thread.header
	if (!header) return undefined
	return area === 'guest'
		? {
				api: '/api/Customer/Chat',
				threadId: header.id,
				event: 'GuestHasNewChatMessage',
				otherId: header.hostId,
			}
		: { api: '/api/Owner/Chat', threadId: header.id, event: 'HostHasNewChatMessage', otherId: header.guestId }
}

function ThreadList({ data }: { data: Data }) {
	const { t } = useTranslation('chat')
	const { area, threads, filter } = data
	return (
		<DetailSection id="threads" title={t('threads.filters.all')} wide>
			{area !== 'guest' ? (
				<nav aria-label={t('threads.filterLabel')} className="mb-3">
					<ul className="flex flex-wrap gap-2">
						{CHAT_THREAD_FILTERS.map((name) => (
							<li key={name}>
								<LocaleNavLink
									to={`/${area}/chatMessages?filter=${name}`}
									aria-current={name === filter ? 'page' : undefined}
									className={`btn px-3 py-1 ${name === filter ? 'bg-accent text-accent-ink' : 'border border-line'}`}
								>
									{t(`threads.filters.${name}`)}
								</LocaleNavLink>
							</li>
						))}
					</ul>
				</nav>
			) : null}
			{threads.length === 0 ? (
				<p>{filter === 'all' ? t('threads.empty') : t('threads.emptyFilter')}</p>
			) : (
				<ul className="flex flex-col divide-y divide-line" data-testid="chat-threads">
					{threads.map((thread) => (
						<li
							key={thread.id}
							className="flex items-start justify-between gap-3 py-3"
							data-testid="chat-thread"
						>
							<div className="min-w-0">
								<LocaleLink to={chatThreadPath(area, thread)} className="link font-semibold break-words">
									{thread.otherDisplayName}
								</LocaleLink>
								{thread.playrooms.length > 0 ? (
									<p className="text-sm" data-testid="chat-thread-playrooms">
										{t('threads.playrooms')}
										{thread.playrooms.map((playroom, index) => (
											<span key={playroom.path}>
												{index > 0 ? ', ' : null}
												<LocaleLink to={playroom.path} className="link">
													{playroom.name}
												</LocaleLink>
											</span>
										))}
									</p>
								) : null}
								<p className="truncate text-sm text-ink-muted">
									{thread.lastMessage ? (
										<>
											{thread.lastMessage.mine ? t('threads.you') : null}
											{thread.lastMessage.systemEvent
												? t(`system.${thread.lastMessage.systemEvent}`)
												: thread.lastMessage.body}
										</>
									) : (
										t('threads.noMessages')
									)}
								</p>
							</div>
							{thread.unreadCount > 0 ? (
								<span className="shrink-0 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-ink">
									{t('threads.unread', { count: thread.unreadCount })}
								</span>
							) : null}
						</li>
					))}
				</ul>
			)}
		</DetailSection>
	)
}

function OrdersBeside({ area, orders }: { area: ChatArea; orders: ThreadData['orders'] }) {
	const { t } = useTranslation('chat')
	const locale = useLocale()
	return (
		<DetailSection id="chat-orders" title={t('thread.orders')}>
			<ul className="flex flex-col gap-2">
				{orders.map((order) => (
					<li key={order.id} className="flex flex-wrap items-center justify-between gap-2">
						<LocaleLink to={`/${area}/orders/${order.id}`} className="link font-mono text-sm">
							{order.code}
						</LocaleLink>
						<span className="text-sm">{formatDate(Date.parse(order.checkIn), locale)}</span>
						<StatusBadge status={order.status} />
					</li>
				))}
			</ul>
		</DetailSection>
	)
}

/** After confirmation: the other party's phone and where the stay takes place. */
function ContactBeside({ contact }: { contact: NonNullable<ThreadData['contact']> }) {
	const { t } = useTranslation('chat')
	return (
		<DetailSection id="chat-contact" title={t('contact.title')}>
			<dl className="flex flex-col gap-2 text-sm">
				<div>
					<dt className="font-medium">{t('contact.phone')}</dt>
					<dd>
						{contact.phone ? (
							<a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`} className="link">
								{contact.phone}
							</a>
						) : (
							t('contact.noPhone')
						)}
					</dd>
				</div>
				{contact.places.map((place) => (
					<div key={place.name}>
						<dt className="font-medium">{t('contact.place')}</dt>
						<dd>
							{place.mobile ? t('contact.mobile', { name: place.name }) : `${place.name}, ${place.address}`}
						</dd>
					</div>
				))}
			</dl>
		</DetailSection>
	)
}
