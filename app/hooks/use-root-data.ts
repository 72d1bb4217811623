import { useLocation, useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '#app/root.tsx'
import { getLocaleFromPathname, localizePath, type Locale } from '#app/utils/locale.ts'

export type RootData = Awaited<ReturnType<typeof rootLoader>>

/** The root loader's data; undefined only while the root itself failed. */
export function useRootData(): RootData | undefined {
	return useRouteLoaderData<typeof rootLoader>('root')
}

/** The page's locale: from the root loader, or from the URL while the root itself failed. */
export function useLocale(): Locale {
	const data = useRootData()
	const location = useLocation()
	return data?.locale ?? getLocaleFromPathname(location.pathname)
}

/** `(path) => path in the current locale`, for links and redirects in components. */
export function useLocalizePath() {
	const locale = useLocale()
	return (path: string) => localizePath(path, locale)
}

export function useSessionUser() {
	return useRootData()?.user ?? null
}
