import { getTextareaProps } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Form, useLocation } from 'react-router'
import type { Route } from './+types/chat-page.ts'
import { useAppForm } from '#app/components/app-form.ts'
import { StatusBadge } from '#app/components/booking-ui.tsx'
import { DetailColumn, DetailFrame, DetailSection } from '#app/components/detail-frame.tsx'
import { FieldErrors, FormAlert, getFormProps, SubmitButton } from '#app/components/forms.tsx'
import { LocaleLink, LocaleNavLink } from '#app/components/locale-link.tsx'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { linkifyParts } from '#app/models/chat/chat-masking.ts'
import { CHAT_BODY_MAX_LENGTH, CHAT_THREAD_FILTERS, chatSendFormSchema } from '#app/schemas/chat.ts'
import { formatDate, formatDateTime } from '#app/utils/format-instant.ts'
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

type Data = Route.ComponentProps['loaderData']
type ThreadData = NonNullable<Data['thread']>
type Message = ThreadData['messages'][number]

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
						<ThreadView area={area} thread={thread} />
					</DetailColumn>
					{thread.orders.length > 0 ? <OrdersBeside area={area} orders={thread.orders} /> : null}
				</>
			) : (
				<ThreadList data={loaderData} />
			)}
		</DetailFrame>
	)
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

function ThreadView({ area, thread }: { area: ChatArea; thread: ThreadData }) {
	const { t } = useTranslation('chat')
	const location = useLocation()
	const here = `${location.pathname}${location.search}`
	const masked = thread.messages.some((message) => message.masked)
	return (
		<section aria-label={thread.header?.otherDisplayName ?? t('thread.bodyLabel')} className="card">
			{thread.hasEarlier ? <p className="mb-2 text-sm text-ink-muted">{t('thread.earlier')}</p> : null}
			{thread.messages.length === 0 ? (
				<p className="mb-4">{t('thread.empty')}</p>
			) : (
				<ol className="mb-4 flex flex-col gap-2" data-testid="chat-messages">
					{thread.messages.map((message) => (
						<MessageItem
							key={message.id}
							area={area}
							message={message}
							confirmed={Boolean(thread.header?.confirmed)}
							read={message.mine && message.id <= (thread.header?.otherLastReadMessageId ?? 0)}
						/>
					))}
				</ol>
			)}
			{masked ? (
				<p className="mb-4 text-sm text-ink-muted" data-testid="chat-masked-notice">
					{t('thread.masked')}
				</p>
			) : null}
			<p className="mb-4">
				<a
					href={`${here}#message-${thread.lastMessageId}`}
					className="link text-sm"
					data-testid="chat-load-new"
				>
					{t('thread.loadNew')}
				</a>
			</p>
			{/* A new message (after a send) starts an empty form with a fresh clientMessageId. */}
			<SendForm key={thread.lastMessageId} thread={thread} />
		</section>
	)
}

function MessageItem({
	area,
	message,
	confirmed,
	read,
}: {
	area: ChatArea
	message: Message
	confirmed: boolean
	read: boolean
}) {
	const { t } = useTranslation('chat')
	const locale = useLocale()
	const time = formatDateTime(Date.parse(message.createdAt), locale)
	const chip = message.order ? (
		<LocaleLink
			to={`/${area}/orders/${message.order.id}`}
			className="link font-mono text-xs"
			data-testid="order-chip"
		>
			{t('thread.order', { code: message.order.code })}
		</LocaleLink>
	) : null
	if (message.systemEvent) {
		return (
			<li
				id={`message-${message.id}`}
				className="text-center text-sm text-ink-muted"
				data-testid="chat-system-line"
			>
				{t(`system.${message.systemEvent}`)} {chip} <span className="text-xs">{time}</span>
			</li>
		)
	}
	return (
		<li
			id={`message-${message.id}`}
			className={`max-w-[85%] rounded-lg border border-line px-3 py-2 ${message.mine ? 'self-end bg-accent/10' : 'self-start bg-surface'}`}
			data-testid="chat-message"
		>
			<p className="break-words whitespace-pre-wrap">
				{(confirmed ? linkifyParts(message.body) : [{ text: message.body }]).map((part, index) =>
					'href' in part && part.href ? (
						<a
							key={index}
							href={part.href}
							className="link"
							rel="noopener noreferrer nofollow ugc"
							target="_blank"
						>
							{part.text}
						</a>
					) : (
						<span key={index}>{part.text}</span>
					),
				)}
			</p>
			<p className="mt-1 flex flex-wrap gap-2 text-xs text-ink-muted">
				<span>{time}</span>
				{chip}
				{message.mine ? <span>{read ? t('thread.read') : t('thread.sent')}</span> : null}
			</p>
		</li>
	)
}

function SendForm({ thread }: { thread: ThreadData }) {
	const { t } = useTranslation('chat')
	const [form, fields] = useAppForm({
		id: 'chat-send',
		schema: chatSendFormSchema,
		lastResult: useFormResult('send'),
		defaultValue: { clientMessageId: thread.clientMessageId },
	})
	return (
		<Form method="POST" {...getFormProps(form)}>
			<FormAlert form={form} />
			<input type="hidden" name="clientMessageId" value={thread.clientMessageId} />
			<label htmlFor={fields.body.id} className="mb-1 block font-medium">
				{t('thread.bodyLabel')}
			</label>
			<textarea
				{...getTextareaProps(fields.body)}
				key={fields.body.key}
				rows={3}
				maxLength={CHAT_BODY_MAX_LENGTH}
				className="mb-1 w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
			/>
			<FieldErrors id={fields.body.errorId} errors={fields.body.errors} />
			{thread.orders.length > 0 ? (
				<div className="mb-3">
					<label htmlFor={fields.orderId.id} className="mb-1 block text-sm">
						{t('thread.orderLabel')}
					</label>
					<select
						id={fields.orderId.id}
						name={fields.orderId.name}
						className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
					>
						<option value="">{t('thread.noOrder')}</option>
						{thread.orders.map((order) => (
							<option key={order.id} value={order.id}>
								{order.code}
							</option>
						))}
					</select>
					<FieldErrors id={fields.orderId.errorId} errors={fields.orderId.errors} />
				</div>
			) : null}
			<SubmitButton className="btn-primary">{t('thread.send')}</SubmitButton>
		</Form>
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
