import { useFetcher } from 'react-router'
import type { ColorMode, PreferenceSaved } from './preferences.ts'
import { useRootData } from './use-root-data.ts'

export const COLOR_MODE_FETCHER_KEY = 'color-mode'

/**
 * The colour mode: optimistic while the preference is being saved, then the
 * saved one (the save does not revalidate the root loader), else the root's.
 */
export function useColorMode(): ColorMode {
	const data = useRootData()
	const fetcher = useColorModeFetcher()
	const pending = fetcher.formData?.get('colorMode')
	if (pending === 'dark' || pending === 'light') return pending
	return fetcher.data?.colorMode ?? data?.colorMode ?? 'dark'
}

export function useColorModeFetcher() {
	return useFetcher<PreferenceSaved>({ key: COLOR_MODE_FETCHER_KEY })
}
