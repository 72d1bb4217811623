import { useTranslation } from 'react-i18next'

/** "n new requests are waiting for your answer" above the host's order list and the owner's agenda. */
export function OpenRequests({ count }: { count: number }) {
	const { t } = useTranslation('booking')
	if (count === 0) return null
	return (
		<p
			role="status"
			className="mb-4 rounded-lg border border-warning p-3 font-medium"
			data-testid="open-requests"
		>
			{t('orders.newRequests', { count })}
		</p>
	)
}
