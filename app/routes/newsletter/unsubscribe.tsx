import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { Route } from './+types/unsubscribe.ts'
import { AuthPage, Notice } from '#app/components/auth-page.tsx'
import { keepPageCache } from '#app/render/page-cache.server.ts'
import { unsubscribeByToken, unsubscribeTarget } from '#app/models/vouchers/newsletter.server.ts'
import { requestMeta } from '#app/utils/account-session.server.ts'
import { getLocale } from '#app/utils/i18n.server.ts'

/**
 * /newsletter/unsubscribe?token=… (issue 33, ADR 0169): the unsubscribe link of every offer
 * e-mail. GET only shows the address and a confirm button (a mail scanner opening the link
 * changes nothing); POST turns personal offers off and records a Withdrawal (source Unsubscribe).
 * The token is signed (no login needed); a wrong one gives 404.
 */
export async function loader({ request }: Route.LoaderArgs) {
	const token = new URL(request.url).searchParams.get('token')
	const target = unsubscribeTarget(token)
	if (!target) throw new Response(null, { status: 404 })
	return { token: token ?? '', email: target.email, done: false }
}

export async function action(args: Route.ActionArgs) {
	const { request, context } = args
	// One guest's newsletter choice changes no page that other visitors see.
	keepPageCache(context)
	const form = await request.formData()
	const token = String(form.get('token') ?? new URL(request.url).searchParams.get('token') ?? '')
	const target = unsubscribeTarget(token)
	if (!target) throw new Response(null, { status: 404 })
	unsubscribeByToken(token, { ip: requestMeta(args).ip ?? null, language: getLocale(context) })
	return { done: true }
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('newsletter')
	return (
		<AuthPage title={t('unsubscribe.title')}>
			{actionData?.done ? (
				<Notice tone="success" testId="unsubscribe-result">
					{t('unsubscribe.done')}
				</Notice>
			) : (
				<Form method="post">
					<p className="mb-4">{t('unsubscribe.confirm', { email: loaderData.email })}</p>
					<input type="hidden" name="token" value={loaderData.token} />
					<button type="submit" className="btn-primary w-full" data-testid="unsubscribe-submit">
						{t('unsubscribe.submit')}
					</button>
				</Form>
			)}
		</AuthPage>
	)
}
