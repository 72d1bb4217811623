import { getTextareaProps } from '@conform-to/react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, useLocation } from 'react-router'
import { useAppForm } from '#app/components/app-form.ts'
import { FieldErrors, FormAlert, getFormProps, SubmitButton } from '#app/components/forms.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { useFormResult } from '#app/hooks/use-form-result.ts'
import { useLiveThread, type LiveThreadConfig, type PendingMessage } from '#app/hooks/use-live-thread.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { linkifyParts } from '#app/models/chat/chat-masking.ts'
import { CHAT_BODY_MAX_LENGTH, chatSendFormSchema } from '#app/schemas/chat.ts'
import type { ChatSystemEvent } from '#db/schema/conversations.ts'
import { useApi } from '#app/utils/api-client.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'

/**
 * One chat thread (issue 32, docs/subsystems/chat.md): the messages rendered as React text (never
 * HTML), links clickable only for http(s) URLs once contact details are shown, order chips, a
 * "load new messages" link and the send form that posts and comes back to the new message. The
 * one building block for every thread: guest–host (the three areas) and support.
 *
 * With JavaScript and `live` (ADR 0162) the same thread is live: new messages arrive without a
 * reload (use-live-thread.ts), a message is sent as JSON and shows "sending", "sent" or
 * "failed — retry", and the read cursor moves only while the tab is visible and focused.
 */
export type ChatThreadMessage = {
	id: number
	mine: boolean
	body: string
	masked: boolean
	systemEvent: ChatSystemEvent | null
	order: { id: string; code: string } | null
	createdAt: string
}

export type ChatThreadData = {
	header: {
		otherDisplayName: string
		/** Contact details shown unmasked (the guest–host pair has a confirmed order; support: always). */
		confirmed: boolean
		otherLastReadMessageId: number
		/** The reader's own cursor (the live thread marks read only above it). */
		lastReadMessageId?: number
	} | null
	messages: ChatThreadMessage[]
	hasEarlier: boolean
	lastMessageId: number
	/** Orders a new message may refer to (guest–host threads). */
	orders: { id: string; code: string }[]
	/** A fresh id per rendered form: posting it twice (double click, resubmit) is one message. */
	clientMessageId: string
	/** Text to start the send form with (typed on the playroom page before login; never sent by itself). */
	draft?: string
	/** Texts the writer can start from (a host's ChatQuickReply templates, filled for this guest). */
	quickReplies?: { locale: string; body: string }[]
}

type Message = ChatThreadMessage

export function ChatThread({
	thread,
	orderPath,
	live,
}: {
	thread: ChatThreadData
	/** Where an order chip links to (locale-free). */
	orderPath: (orderId: string) => string
	/** The endpoint family and thread for the live thread with JavaScript; without it, pages only. */
	live?: LiveThreadConfig
}) {
	const { t } = useTranslation('chat')
	const location = useLocation()
	const api = useApi()
	const state = useLiveThread({
		live,
		initial: {
			messages: thread.messages,
			otherLastReadMessageId: thread.header?.otherLastReadMessageId ?? 0,
			lastReadMessageId: thread.header?.lastReadMessageId,
		},
		request: api,
	})
	const messages = state.messages
	const masked = messages.some((message) => message.masked)
	const lastMessageId = messages.at(-1)?.id ?? thread.lastMessageId
	return (
		<section aria-label={thread.header?.otherDisplayName ?? t('thread.bodyLabel')} className="card">
			{thread.hasEarlier ? <p className="mb-2 text-sm text-ink-muted">{t('thread.earlier')}</p> : null}
			{messages.length === 0 && state.pending.length === 0 ? (
				<p className="mb-4">{t('thread.empty')}</p>
			) : (
				<ol className="mb-4 flex flex-col gap-2" data-testid="chat-messages" aria-live="polite">
					{messages.map((message) => (
						<MessageItem
							key={message.id}
							orderPath={orderPath}
							message={message}
							confirmed={Boolean(thread.header?.confirmed)}
							read={message.mine && message.id <= state.otherLastReadMessageId}
						/>
					))}
					{state.pending.map((item) => (
						<MessageItem
							key={item.clientMessageId}
							orderPath={orderPath}
							message={pendingMessage(item, thread.orders)}
							confirmed={false}
							read={false}
							pending={item.status === 'failed' ? 'failed' : 'sending'}
							onRetry={() => void state.retry(item.clientMessageId)}
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
					href={loadNewHref(location, lastMessageId)}
					className="link text-sm"
					data-testid="chat-load-new"
					onClick={(event) => {
						// With JavaScript the live thread fetches what is new; without, the page loads again.
						if (!live) return
						event.preventDefault()
						void state.fetchNew()
					}}
				>
					{t('thread.loadNew')}
				</a>
			</p>
			{/* A new message (after a send) starts an empty form with a fresh clientMessageId. */}
			<SendForm key={thread.lastMessageId} thread={thread} onSend={live ? state.send : undefined} />
		</section>
	)
}

/**
 * "Load new messages" without JavaScript: a URL that differs in its query (`seen=<last id>`), so
 * the browser loads the page again instead of only scrolling to the fragment; `draft` is dropped.
 */
export function loadNewHref(location: { pathname: string; search: string }, lastMessageId: number) {
	const params = new URLSearchParams(location.search)
	params.delete('draft')
	params.set('seen', String(lastMessageId))
	return `${location.pathname}?${params.toString()}#message-${lastMessageId}`
}

/**
 * Quick replies above the message field: without JavaScript a link that loads the thread with the
 * text as `draft` (prefilled, not sent); with JavaScript it fills the field in place.
 */
function QuickReplies({
	replies,
	textarea,
}: {
	replies: { locale: string; body: string }[]
	textarea: React.RefObject<HTMLTextAreaElement | null>
}) {
	const { t } = useTranslation('chat')
	const location = useLocation()
	if (replies.length === 0) return null
	const hrefOf = (body: string) => {
		const params = new URLSearchParams(location.search)
		params.delete('seen')
		params.set('draft', body)
		return `${location.pathname}?${params.toString()}#chat-send`
	}
	return (
		<div className="mb-2 flex flex-wrap items-center gap-2 text-sm" data-testid="chat-quick-replies">
			<span className="text-ink-muted">{t('thread.quickReplies')}</span>
			{replies.map((reply) => (
				<a
					key={reply.locale}
					href={hrefOf(reply.body)}
					className="btn border border-line px-3 py-1"
					title={reply.body}
					onClick={(event) => {
						if (!textarea.current) return
						event.preventDefault()
						textarea.current.value = reply.body
						textarea.current.focus()
					}}
				>
					{t('thread.quickReply', { language: reply.locale.toUpperCase() })}
				</a>
			))}
		</div>
	)
}

/** A message of this tab not yet in the list, shown as the author's own at once. */
function pendingMessage(item: PendingMessage, orders: ChatThreadData['orders']): Message {
	return {
		id: 0,
		mine: true,
		body: item.body,
		masked: false,
		systemEvent: null,
		order: orders.find((order) => order.id === item.orderId) ?? null,
		createdAt: item.createdAt,
	}
}

function MessageItem({
	orderPath,
	message,
	confirmed,
	read,
	pending,
	onRetry,
}: {
	orderPath: (orderId: string) => string
	message: Message
	confirmed: boolean
	read: boolean
	/** A message of this tab on its way: "sending", or "failed" with a retry button. */
	pending?: 'sending' | 'failed'
	onRetry?: () => void
}) {
	const { t } = useTranslation('chat')
	const locale = useLocale()
	const time = formatDateTime(Date.parse(message.createdAt), locale)
	const chip = message.order ? (
		<LocaleLink to={orderPath(message.order.id)} className="link font-mono text-xs" data-testid="order-chip">
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
			id={pending ? undefined : `message-${message.id}`}
			className={`max-w-[85%] rounded-lg border border-line px-3 py-2 ${message.mine ? 'self-end bg-accent/10' : 'self-start bg-surface'}`}
			data-testid="chat-message"
			data-status={pending ?? (message.mine ? (read ? 'read' : 'sent') : undefined)}
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
				{pending === 'sending' ? (
					<span>{t('thread.sending')}</span>
				) : pending === 'failed' ? (
					<>
						<span className="text-danger">{t('thread.failed')}</span>
						<button type="button" className="link" onClick={onRetry} data-testid="chat-retry">
							{t('thread.retry')}
						</button>
					</>
				) : message.mine ? (
					<span>{read ? t('thread.read') : t('thread.sent')}</span>
				) : null}
			</p>
		</li>
	)
}

function SendForm({
	thread,
	onSend,
}: {
	thread: ChatThreadData
	/** With JavaScript: show the message as "sending" and post it as JSON (the live thread). */
	onSend?: (body: string, orderId?: string) => Promise<void>
}) {
	const { t } = useTranslation('chat')
	const [form, fields] = useAppForm({
		id: 'chat-send',
		schema: chatSendFormSchema,
		lastResult: useFormResult('send'),
		defaultValue: { clientMessageId: thread.clientMessageId, body: thread.draft ?? '' },
	})
	const formProps = getFormProps(form)
	const textarea = useRef<HTMLTextAreaElement>(null)
	const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
		// The schema's check first: an invalid message shows its error and is not sent.
		formProps.onSubmit(event)
		if (event.defaultPrevented || !onSend || !textarea.current) return
		event.preventDefault()
		const data = new FormData(event.currentTarget)
		const orderId = String(data.get(fields.orderId.name) ?? '') || undefined
		// Shown as "sending" in the list at once, so the textarea may be emptied: the text is not lost.
		void onSend(textarea.current.value, orderId)
		textarea.current.value = ''
	}
	return (
		<Form method="POST" {...formProps} onSubmit={onSubmit}>
			<FormAlert form={form} />
			<input type="hidden" name="clientMessageId" value={thread.clientMessageId} />
			<label htmlFor={fields.body.id} className="mb-1 block font-medium">
				{t('thread.bodyLabel')}
			</label>
			<QuickReplies replies={thread.quickReplies ?? []} textarea={textarea} />
			<textarea
				{...getTextareaProps(fields.body)}
				ref={textarea}
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
