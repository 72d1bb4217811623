import { useFetcher, useFetchers } from 'react-router'
import type { ColorMode } from './preferences.ts'
import { useRootData } from './use-root-data.ts'

export const COLOR_MODE_FETCHER_KEY = 'color-mode'

/** The colour mode, switched optimistically while the preference is being saved. */
export function useColorMode(): ColorMode {
	const data = useRootData()
	const fetchers = useFetchers()
	const pending = fetchers.find((f) => f.key === COLOR_MODE_FETCHER_KEY)?.formData?.get('colorMode')
	if (pending === 'dark' || pending === 'light') return pending
	return data?.colorMode ?? 'dark'
}

export function useColorModeFetcher() {
	return useFetcher({ key: COLOR_MODE_FETCHER_KEY })
}
