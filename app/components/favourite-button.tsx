import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import {
	FAVOURITES_ACTION,
	favouriteFetcherKey,
	toggleLocalFavourite,
	useIsFavourite,
} from '#app/utils/favourites.ts'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { useSessionUser } from '#app/hooks/use-root-data.ts'
import { FetcherForm } from './fetcher-form.tsx'
import { SpriteIcon } from './icon.tsx'

/**
 * The heart on cards and the playroom page. A real form posting to
 * /resources/favourites (works without JavaScript: saved in the account, or
 * for visitors a redirect to the login). With JavaScript visitors toggle
 * localStorage and users post through a fetcher (optimistic).
 */
export function FavouriteButton({
	playroomId,
	name,
	className = '',
}: {
	playroomId: string
	name: string
	className?: string
}) {
	const { t } = useTranslation('catalogue')
	const user = useSessionUser()
	const hydrated = useHydrated()
	const location = useLocation()
	const favourite = useIsFavourite(playroomId)
	return (
		<FetcherForm
			fetcherKey={favouriteFetcherKey(playroomId)}
			method="POST"
			action={FAVOURITES_ACTION}
			className={className}
			onSubmit={(event) => {
				if (user) return
				event.preventDefault()
				toggleLocalFavourite(playroomId)
			}}
		>
			<input type="hidden" name="playroomId" value={playroomId} />
			<input type="hidden" name="intent" value={favourite ? 'remove' : 'add'} />
			{hydrated ? null : (
				<input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
			)}
			<button
				type="submit"
				aria-pressed={favourite}
				aria-label={t('favourites.toggle', { name })}
				className="rounded-full border border-line bg-surface p-2 text-ink shadow-sm hover:text-danger"
				data-testid="favourite-button"
			>
				<SpriteIcon name="heart" filled={favourite} className={`h-5 w-5 ${favourite ? 'text-danger' : ''}`} />
			</button>
		</FetcherForm>
	)
}
