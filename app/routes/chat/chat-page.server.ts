import type { RouterContextProvider } from 'react-router'
import {
	findThread,
	latestChatMessages,
	listChatThreads,
	markChatRead,
	pairOrders,
	sendChatMessage,
	type ChatCaller,
	type ThreadTarget,
} from '#app/models/chat/chat.server.ts'
import {
	confirmedContact,
	publishedPlayroomsOfHosts,
	type HostPlayroomLink,
} from '#app/models/chat/chat-contacts.server.ts'
import { quickRepliesFor } from '#app/models/chat/chat-quick-replies.server.ts'
import { notificationListData } from '#app/models/notifications/notifications.server.ts'
import { CHAT_BODY_MAX_LENGTH, chatSendFormSchema, chatThreadsQuerySchema } from '#app/schemas/chat.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { getServices } from '#app/utils/context.server.ts'
import { failedForm, invalidForm } from '#app/utils/form-actions.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { getLocale } from '#app/utils/i18n.server.ts'
import { localizePath, stripLocale } from '#app/utils/locale.ts'
import { notFound, withNotFound } from '#app/utils/route-params.server.ts'
import { redirect } from 'react-router'
import { chatThreadPath, type ChatArea } from './chat-paths.ts'

/**
 * The chat pages without JavaScript (issue 32, docs/subsystems/chat.md): one loader and one
 * action for /guest/chatMessages, /host/chatMessages, /owner/chatMessages and
 * /owner/chatMessages/:guestId. The thread is chosen by the URL — a guest's `?hostId` (or
 * `?playroomId` from "contact host"), a host's `?guestId`, the owner's `:guestId` — so the
 * route table stays that of spec §2. Opening a thread reads it (the read cursor moves to
 * its newest message); sending posts the form and redirects back to `#message-<id>`.
 */

type Args = {
	request: Request
	url: URL
	params: Record<string, string | undefined>
	context: Readonly<RouterContextProvider>
}

const ID = /^[A-Za-z0-9_-]{16}$/

function areaOf(request: Request): ChatArea {
	const first = stripLocale(new URL(request.url).pathname).split('/')[1]
	return first === 'host' || first === 'owner' ? first : 'guest'
}

function param(value: string | null | undefined) {
	if (!value) return undefined
	if (!ID.test(value)) throw notFound()
	return value
}

/** The thread the URL names (undefined: the list only). */
function targetOf(area: ChatArea, args: Args): ThreadTarget | undefined {
	const search = new URL(args.request.url).searchParams
	if (area === 'guest') {
		const hostId = param(search.get('hostId'))
		const playroomId = param(search.get('playroomId'))
		return hostId ? { hostId } : playroomId ? { playroomId } : undefined
	}
	const guestId = param(area === 'owner' ? args.params.guestId : search.get('guestId'))
	return guestId ? { guestId } : undefined
}

/** The `draft` query ("contact host" from the playroom page, carried through login), at most one message long. */
function draftOf(request: Request): string {
	return (new URL(request.url).searchParams.get('draft') ?? '').slice(0, CHAT_BODY_MAX_LENGTH)
}

async function callerOf(args: Args, area: ChatArea): Promise<ChatCaller & { displayName: string }> {
	return requireRole(args, area === 'guest' ? 'Customer' : 'Owner')
}

/** The guest's thread list names the host's published playrooms (spec: "the host's playrooms"). */
function withHostPlayrooms(area: ChatArea, threads: ReturnType<typeof listChatThreads>) {
	const byHost =
		area === 'guest'
			? publishedPlayroomsOfHosts(threads.map((thread) => thread.hostId))
			: new Map<string, HostPlayroomLink[]>()
	return threads.map((thread) => ({ ...thread, playrooms: byHost.get(thread.hostId) ?? [] }))
}

export async function chatPageLoader(args: Args) {
	const area = areaOf(args.request)
	const user = await callerOf(args, area)
	const caller = { id: user.id, role: user.role }
	const target = targetOf(area, args)
	const filter = chatThreadsQuerySchema.parse(
		Object.fromEntries(new URL(args.request.url).searchParams),
	).filter
	// An open thread shows no list (the page renders one or the other): read and send none.
	const threads = withHostPlayrooms(area, target ? [] : listChatThreads(caller, { filter }))
	if (!target) {
		// The guest's 5 newest unread notifications sit above the threads (docs/subsystems/notifications.md).
		const notifications =
			area === 'guest'
				? notificationListData(user, { locale: getLocale(args.context), perPage: 5, unreadOnly: true })
				: null
		return { area, filter, threads, thread: null, notifications }
	}
	const found = withNotFound(() => findThread(caller, target))
	const view = found ? withNotFound(() => latestChatMessages(found.id, caller)) : null
	if (view && view.lastMessageId > view.thread.lastReadMessageId) {
		markChatRead(caller, view.thread.id, view.lastMessageId)
	}
	const pair = view
		? { guestId: view.thread.guestId, hostId: view.thread.hostId }
		: caller.role === 'Owner'
			? { guestId: target.guestId ?? '', hostId: caller.id }
			: target.hostId
				? { guestId: caller.id, hostId: target.hostId }
				: null
	return {
		area,
		filter,
		threads,
		notifications: null,
		thread: {
			header: view?.thread ?? null,
			messages: view?.messages ?? [],
			hasEarlier: view?.hasEarlier ?? false,
			lastMessageId: view?.lastMessageId ?? 0,
			contact: pair ? confirmedContact(caller, pair) : null,
			orders: pair
				? pairOrders(pair.guestId, pair.hostId).map((o) => ({ ...o, checkIn: o.checkIn.toISOString() }))
				: [],
			/** A fresh id per rendered form: posting it twice (double click, resubmit) is one message. */
			clientMessageId: crypto.randomUUID(),
			/** Typed on the playroom page before login (ADR 0162): prefilled, never sent by itself. */
			draft: draftOf(args.request),
			/** The host's ChatQuickReply texts, filled for this guest (hosts only). */
			quickReplies: pair && caller.role === 'Owner' ? quickRepliesFor(pair.hostId, pair.guestId) : [],
		},
	}
}

export async function chatPageAction(args: Args) {
	const area = areaOf(args.request)
	const user = await callerOf(args, area)
	const target = targetOf(area, args)
	if (!target) throw notFound()
	const submission = parseFormSubmission(await args.request.formData(), { schema: chatSendFormSchema })
	if (submission.status !== 'success') return invalidForm('send', submission)
	let sent: ReturnType<typeof sendChatMessage>
	try {
		sent = withNotFound(() =>
			sendChatMessage(
				{ id: user.id, role: user.role },
				{ ...target, ...submission.value },
				{ hub: getServices(args.context).hub },
			),
		)
	} catch (error) {
		return failedForm('send', submission, error, { sayAtFields: true })
	}
	const path = chatThreadPath(area, sent)
	return redirect(`${localizePath(path, getLocale(args.context))}#message-${sent.messageId}`)
}
