import { useTranslation } from 'react-i18next'
import type { LiveStrength } from '#app/hooks/use-password-strength.ts'
import { translateValidationMessage } from '#app/utils/validation-messages.ts'

const SCORE_NAMES = ['veryWeak', 'weak', 'fair', 'good', 'strong'] as const

/**
 * The live strength of a password being set (ADR 0055): four bars, the
 * verdict and, when too weak, why and what helps — in the page's language.
 * The region is always there (so screen readers hear updates) but empty until
 * the server has scored the password.
 */
export function PasswordStrengthMeter({ id, strength }: { id: string; strength: LiveStrength | null }) {
	const { t } = useTranslation('auth')
	const { t: tc } = useTranslation()
	const tone = strength?.ok ? 'text-success' : 'text-danger'
	const bar = strength?.ok ? 'bg-success' : 'bg-danger'
	return (
		<div id={id} aria-live="polite" className="-mt-3 mb-4 text-xs" data-testid="password-strength">
			{strength ? (
				<>
					<div className="mb-1 flex gap-1" aria-hidden="true">
						{[1, 2, 3, 4].map((step) => (
							<span key={step} className={`h-1 flex-1 rounded ${step <= strength.score ? bar : 'bg-line'}`} />
						))}
					</div>
					<p className={`font-medium ${tone}`} data-score={strength.score}>
						{t('passwordStrength.label')}: {t(`passwordStrength.scores.${SCORE_NAMES[strength.score]}`)}
					</p>
					{strength.messages.map((message) => (
						<p key={message} className="text-ink-muted">
							{translateValidationMessage(tc, message)}
						</p>
					))}
				</>
			) : null}
		</div>
	)
}
