import { useTranslation } from 'react-i18next'
import { data, redirect } from 'react-router'
import type { Route } from './+types/newsletter-page.ts'
import { AuthPage, Notice } from '#app/components/auth-page.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { NewsletterForms } from '#app/components/newsletter-prompt.tsx'
import { useLocalizePath } from '#app/hooks/use-root-data.ts'
import { NEWSLETTER_DISMISSED_MAX_AGE_SECONDS, NEWSLETTER_DISMISSED_VALUE } from '#app/domain/newsletter.ts'
import { keepPageCache } from '#app/render/page-cache.server.ts'
import { deliverSoon } from '#app/models/accounts/account-emails.server.ts'
import { activateNewsletter, personalOffersAllowed } from '#app/models/vouchers/newsletter.server.ts'
import { requestMeta } from '#app/utils/account-session.server.ts'
import { getAuth, requireUser } from '#app/utils/auth.server.ts'
import { appendResponseCookie } from '#app/utils/context.server.ts'
import { COOKIE_NAMES, serializeCookie } from '#app/utils/cookies.server.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { safeRedirectPath } from '#app/utils/redirect.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * /newsletter (issue 33, ADR 0169): the page the no-JavaScript banner links to, with the modal's
 * two forms as plain posts, and the action both post to. "activate" records the consent (source
 * Modal or Page) and goes back with a success toast; "dismiss" sets the `dismissed` cookie
 * (spec §4, 31536000 s, §9).
 */
type State = 'offer' | 'active' | 'notForYou' | 'anonymous'

export async function loader({ context }: Route.LoaderArgs) {
	const session = getAuth(context).session
	let state: State = 'anonymous'
	if (session) {
		if (session.user.role !== 'Customer' || session.impersonatorUserId) state = 'notForYou'
		else state = personalOffersAllowed(session.user.id) ? 'active' : 'offer'
	}
	return { state }
}

export async function action(args: Route.ActionArgs) {
	const { request, context } = args
	const user = await requireUser(args)
	// One guest's newsletter choice changes no page that other visitors see.
	keepPageCache(context)
	const form = await request.formData()
	const locale = getLocale(context)
	const source = form.get('source') === 'Modal' ? 'Modal' : 'Page'
	const back = safeRedirectPath(String(form.get('redirectTo') ?? ''), localizePath('/', locale))
	const intent = form.get('intent')
	if (intent === 'dismiss') {
		appendResponseCookie(
			context,
			serializeCookie(COOKIE_NAMES.newsletterDismissed, NEWSLETTER_DISMISSED_VALUE, {
				maxAge: NEWSLETTER_DISMISSED_MAX_AGE_SECONDS,
			}),
		)
		// The modal hides itself at once; a plain form goes back to where the guest came from.
		return source === 'Modal' ? data({ ok: true }) : redirect(back)
	}
	if (intent !== 'activate') return data({ ok: false }, { status: 400 })
	// Consent is the guest's own: not a host's, an admin's, nor an admin's acting as the guest.
	if (user.role !== 'Customer' || getAuth(context).session?.impersonatorUserId) {
		return data({ ok: false }, { status: 403 })
	}
	const result = activateNewsletter(user.id, { source, ip: requestMeta(args).ip ?? null, language: locale })
	deliverSoon([result.mailId])
	const t = looseT(getT(context))
	return redirectWithToast(back, {
		type: 'success',
		description: t(
			result.welcomeVoucher === 'waiting' ? 'newsletter:activatedVoucherWaits' : 'newsletter:activated',
		),
	})
}

export default function NewsletterPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('newsletter')
	const { t: ta } = useTranslation('auth')
	const { state } = loaderData
	const localize = useLocalizePath()
	return (
		<AuthPage title={t('page.title')}>
			{state === 'offer' ? (
				<NewsletterForms action={localize('/newsletter')} source="Page" redirectTo={localize('/')} />
			) : state === 'active' ? (
				<Notice tone="success" testId="newsletter-state">
					{t('page.active')}
				</Notice>
			) : (
				<>
					<p data-testid="newsletter-state">{t('page.notForYou')}</p>
					{state === 'anonymous' ? (
						<LocaleLink to="/login?redirect=/newsletter" className="btn-primary mt-4">
							{ta('login.submit')}
						</LocaleLink>
					) : null}
				</>
			)}
		</AuthPage>
	)
}
