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
 *
 * Its state and the address to come back to are props (from `useFavouriteButtonState`), so a card
 * that holds the heart stays a pure function of its props (a cached fragment, ADR 0148).
 */
export function FavouriteButton({
	playroomId,
	name,
	favourite,
	returnTo,
	className = '',
}: {
	playroomId: string
	name: string
	className?: string
} & FavouriteButtonState) {
	const { t } = useTranslation('catalogue')
	const user = useSessionUser()
	const hydrated = useHydrated()
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
			{hydrated ? null : <input type="hidden" name="redirectTo" value={returnTo} />}
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

export type FavouriteButtonState = { favourite: boolean; returnTo: string }

/** The heart's state for a playroom and the page to come back to after the no-JavaScript post. */
export function useFavouriteButtonState(playroomId: string): FavouriteButtonState {
	const favourite = useIsFavourite(playroomId)
	const { pathname, search } = useLocation()
	return { favourite, returnTo: `${pathname}${search}` }
}
