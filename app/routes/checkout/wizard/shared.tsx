import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import type { CheckoutView } from '#app/models/booking/checkout.server.ts'
import type { CheckoutActionData } from '#app/routes/checkout/checkout.tsx'
import { formatStay } from '#app/utils/format-instant.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/** What the checkout route's loader gives the wizard and its steps (ADR 0044). */
export type LoaderData = {
	view: CheckoutView
	user: { role: string; email: string; name: string } | null
	contact: { firstName: string; lastName: string; phoneNumber: string } | null
	registered: boolean
	loginUrl: string
	path: string
}

export type Step = CheckoutView['step']
export const STEPS: Step[] = ['date', 'guests', 'contact', 'payment', 'review']

export function resultFor(actionData: CheckoutActionData | undefined, intent: string) {
	return actionData?.intent === intent ? actionData.result : undefined
}

/**
 * A step's code loads after the page (ADR 0128): until it has hydrated, its server-rendered form is
 * a plain form and what the guest types stays in it. Once the step is mounted, `catchUp` gets that
 * form, once, to bring the step's state in line with it (the first render's closure: the server's values).
 */
export function useCatchUpOnHydration(formId: string, catchUp: (form: HTMLFormElement) => void) {
	const firstCatchUp = useRef(catchUp)
	useEffect(() => {
		const element = document.getElementById(formId)
		if (element instanceof HTMLFormElement) firstCatchUp.current(element)
	}, [formId])
}

/** Hidden inputs that carry the state of the other steps in a GET form. */
export function HiddenState({ search, omit }: { search: string; omit: string[] }) {
	const params = [...new URLSearchParams(search).entries()].filter(([name]) => !omit.includes(name))
	return (
		<>
			{params.map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
		</>
	)
}

/** The chosen slot was taken meanwhile: the nearest free alternatives as links. */
export function SlotTaken({
	alternatives,
}: {
	alternatives: { start: number; end: number; search: string }[]
}) {
	const { t } = useTranslation('booking')
	const locale = useLocale()
	const location = useLocation()
	return (
		<div role="alert" className="mb-4 rounded-lg border border-danger p-3" data-testid="slot-taken">
			<p className="font-semibold text-danger">{t('checkout.slotTaken.title')}</p>
			{alternatives.length ? (
				<>
					<p className="mb-2 text-sm">{t('checkout.slotTaken.body')}</p>
					<ul className="flex flex-col gap-2">
						{alternatives.map((a) => (
							<li key={a.start}>
								<a href={`${location.pathname}${a.search}`} className="link" data-testid="alternative">
									{t('checkout.slotTaken.choose', { when: formatStay(a.start, a.end, locale) })}
								</a>
							</li>
						))}
					</ul>
				</>
			) : (
				<p className="text-sm">{t('checkout.slotTaken.none')}</p>
			)}
		</div>
	)
}
