import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { clearFavouritesAfterLogout } from '#app/utils/favourites-cleanup.ts'
import { useSessionUser } from '#app/hooks/use-root-data.ts'
import { ImpersonationBanner } from './impersonation-banner.tsx'
import { LoginModal } from './login-modal.tsx'

/**
 * What the accounts capability adds to every page (root): the impersonation
 * banner, the login modal for visitors, and clearing favourites after a logout.
 */
export function AccountChrome() {
	const user = useSessionUser()
	const location = useLocation()
	useEffect(() => {
		clearFavouritesAfterLogout()
	}, [location.key])
	return (
		<>
			<ImpersonationBanner />
			{user ? null : <LoginModal />}
		</>
	)
}
