import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { useLocalizePath } from '#app/hooks/use-root-data.ts'

/**
 * At most this many characters of a question typed on the playroom page (ADR 0162): it travels in
 * the URL, through login twice encoded, and must stay under the server's 16 KB request line even
 * when every character is an umlaut. The thread page accepts a `draft` of up to one message (4,000).
 * Here, not in app/schemas/chat.ts: the playroom page must not load Zod to render (ADR 0116).
 */
export const CHAT_DRAFT_MAX_LENGTH = 1_000

/**
 * "Contact host" on the playroom page (issue 32, ADR 0162): the question is typed here and goes,
 * as a GET form, to `/guest/chatMessages?playroomId=…&draft=…`. A visitor who is not logged in is
 * sent through login with that URL as `redirect`, so the text arrives prefilled in the thread's
 * message box — never sent by itself. Works the same without JavaScript.
 */
export function ContactHostForm({ playroomId }: { playroomId: string }) {
	const { t } = useTranslation('chat')
	const localize = useLocalizePath()
	return (
		<Form method="get" action={localize('/guest/chatMessages')} className="card flex flex-col gap-2">
			<input type="hidden" name="playroomId" value={playroomId} />
			<label htmlFor="contact-host-draft" className="font-medium">
				{t('thread.questionLabel')}
			</label>
			<textarea
				id="contact-host-draft"
				name="draft"
				rows={3}
				maxLength={CHAT_DRAFT_MAX_LENGTH}
				aria-describedby="contact-host-hint"
				className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
				data-testid="contact-host-draft"
			/>
			<p id="contact-host-hint" className="text-xs text-ink-muted">
				{t('thread.questionHint')}
			</p>
			<button type="submit" className="btn-secondary w-full" data-testid="contact-host">
				{t('thread.contactHost')}
			</button>
		</Form>
	)
}
