import { redirect, type RouterContextProvider } from 'react-router'
import {
	latestSupportMessages,
	markSupportRead,
	sendSupportMessage,
	type SupportCaller,
	type SupportSide,
} from '#app/models/chat/support.server.ts'
import { supportSendFormSchema } from '#app/schemas/chat.ts'
import { getServices } from '#app/utils/context.server.ts'
import { failedForm, invalidForm } from '#app/utils/form-actions.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { getLocale } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { withNotFound } from '#app/utils/route-params.server.ts'

/**
 * The support thread as a page without JavaScript (ADR 0163), for the user's /support and the
 * admin's /admin/support/:supportThreadId: the newest messages for the one thread component
 * (app/components/chat-thread.tsx), read on opening (the side's cursor moves), and the send form
 * that posts and redirects back to `#message-<id>`.
 */
type Args = { request: Request; context: Readonly<RouterContextProvider> }

/** The thread's data for ChatThread (an empty thread before the user's first message). */
export function supportThreadPageData(caller: SupportCaller, side: SupportSide, threadId: string | null) {
	const view = threadId ? withNotFound(() => latestSupportMessages(threadId, caller, side)) : null
	if (view && view.lastMessageId > view.thread.lastReadMessageId) {
		markSupportRead(caller, side, view.thread.id, view.lastMessageId)
	}
	return {
		header: view?.thread ?? null,
		messages: view?.messages ?? [],
		hasEarlier: view?.hasEarlier ?? false,
		lastMessageId: view?.lastMessageId ?? 0,
		orders: [] as { id: string; code: string }[],
		/** A fresh id per rendered form: posting it twice (double click, resubmit) is one message. */
		clientMessageId: crypto.randomUUID(),
	}
}

/** The send form's post: one message (a resubmit is the same row), then back to it. */
export async function postSupportMessage(
	args: Args,
	caller: SupportCaller,
	side: SupportSide,
	threadId: string | undefined,
	path: string,
) {
	const submission = parseFormSubmission(await args.request.formData(), { schema: supportSendFormSchema })
	if (submission.status !== 'success') return invalidForm('send', submission)
	let sent: ReturnType<typeof sendSupportMessage>
	try {
		sent = withNotFound(() =>
			sendSupportMessage(
				caller,
				side,
				{ ...submission.value, threadId },
				{ hub: getServices(args.context).hub },
			),
		)
	} catch (error) {
		return failedForm('send', submission, error, { sayAtFields: true })
	}
	return redirect(`${localizePath(path, getLocale(args.context))}#message-${sent.messageId}`)
}
