import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useFetcher, useLocation } from 'react-router'
import { FetcherForm } from './fetcher-form.tsx'
import { LocaleLink } from './locale-link.tsx'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { useLocalizePath } from '#app/hooks/use-root-data.ts'

/** The image of the welcome voucher (public/welcome-voucher.svg, made for this, nothing downloaded). */
export const WELCOME_VOUCHER_IMAGE = '/welcome-voucher.svg'

const FETCHER_KEY = 'newsletter-prompt'

/**
 * The newsletter prompt of spec §2/§4 (ADR 0169), for the logged-in guests the root loader picks
 * (`showsNewsletterPrompt`). Without JavaScript — and until the page's JavaScript runs — a small
 * banner links to /newsletter, which has the same two forms as plain posts. Once hydrated it is a
 * native modal dialog that the backdrop and Escape do not close: "activate" posts through a fetcher
 * (a spinner while it runs; the redirect back brings the success toast and hides the prompt),
 * "no, thanks" sets the `dismissed` cookie and hides it at once.
 */
export function NewsletterPrompt({ show }: { show: boolean }) {
	const hydrated = useHydrated()
	const [declined, setDeclined] = useState(false)
	if (!show || declined) return null
	return hydrated ? <NewsletterModal onDecline={() => setDeclined(true)} /> : <NewsletterBanner />
}

function NewsletterBanner() {
	const { t } = useTranslation('newsletter')
	return (
		<aside
			className="border-b border-line bg-surface-muted px-4 py-2 text-center text-sm"
			data-testid="newsletter-banner"
		>
			{t('banner.text')}{' '}
			<LocaleLink to="/newsletter" className="link font-medium">
				{t('banner.link')}
			</LocaleLink>
		</aside>
	)
}

function NewsletterModal({ onDecline }: { onDecline: () => void }) {
	const dialog = useRef<HTMLDialogElement>(null)
	const fetcher = useFetcher({ key: FETCHER_KEY })
	const location = useLocation()
	const localize = useLocalizePath()
	const busy = fetcher.state !== 'idle'

	useEffect(() => {
		const element = dialog.current
		if (element && !element.open) element.showModal()
	}, [])

	return (
		<dialog
			id="modal-newsletter"
			ref={dialog}
			aria-labelledby="modal-newsletter-title"
			className="z-[1055] m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-line bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/60"
			// Not closable by the backdrop (spec §2), nor by Escape: the guest chooses.
			onCancel={(event) => event.preventDefault()}
			data-testid="newsletter-modal"
		>
			<NewsletterForms
				action={localize('/newsletter')}
				source="Modal"
				redirectTo={`${location.pathname}${location.search}`}
				busy={busy}
				onDecline={onDecline}
			/>
		</dialog>
	)
}

/**
 * The image, the consent text and the two forms: in the modal (fetcher posts) and on /newsletter
 * (plain form posts without JavaScript). Both post to /newsletter's action.
 */
export function NewsletterForms({
	action,
	source,
	redirectTo,
	busy = false,
	onDecline,
}: {
	action: string
	source: 'Modal' | 'Page'
	redirectTo: string
	busy?: boolean
	onDecline?: () => void
}) {
	const { t } = useTranslation('newsletter')
	const hidden = (
		<>
			<input type="hidden" name="source" value={source} />
			<input type="hidden" name="redirectTo" value={redirectTo} />
		</>
	)
	return (
		<div className="flex flex-col gap-4 p-6">
			<img
				src={WELCOME_VOUCHER_IMAGE}
				alt={t('modal.imageAlt')}
				width={320}
				height={160}
				className="mx-auto h-auto w-full max-w-xs"
			/>
			<h2 id="modal-newsletter-title" className="text-2xl font-bold">
				{t('modal.title')}
			</h2>
			<p>{t('modal.lead')}</p>
			<p className="text-sm text-ink-muted" data-testid="newsletter-consent-text">
				{t('consentText')}
			</p>
			<FetcherForm fetcherKey={FETCHER_KEY} method="post" action={action}>
				{hidden}
				<button
					type="submit"
					name="intent"
					value="activate"
					className="btn-primary inline-flex w-full items-center justify-center gap-2"
					aria-disabled={busy || undefined}
					disabled={busy}
					data-testid="newsletter-activate"
				>
					{busy ? (
						<span
							aria-hidden="true"
							className="inline-block size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
						/>
					) : null}
					{busy ? t('modal.activating') : t('modal.activate')}
				</button>
			</FetcherForm>
			<FetcherForm
				fetcherKey={`${FETCHER_KEY}-decline`}
				method="post"
				action={action}
				onSubmit={onDecline}
				className="text-center"
			>
				{hidden}
				<button
					type="submit"
					name="intent"
					value="dismiss"
					className="link text-sm"
					data-testid="newsletter-decline"
				>
					{t('modal.decline')}
				</button>
			</FetcherForm>
		</div>
	)
}
