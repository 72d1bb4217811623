import { useFetcher } from 'react-router'
import type { ColorMode, PreferenceSaved } from './preferences.ts'
import { inServerRender } from '#app/render/server-render-markup.ts'
import { useRootData } from '#app/hooks/use-root-data.ts'

export const COLOR_MODE_FETCHER_KEY = 'color-mode'

/**
 * The colour mode: optimistic while the preference is being saved, then the
 * saved one (the save does not revalidate the root loader), else the root's.
 * The server render has no fetcher in flight, so there it is the root's
 * (without a `useFetcher` per call, ADR 0122).
 */
export const useColorMode: () => ColorMode = inServerRender ? useSavedColorMode : useLiveColorMode

function useSavedColorMode(): ColorMode {
	return useRootData()?.colorMode ?? 'dark'
}

function useLiveColorMode(): ColorMode {
	const data = useRootData()
	const fetcher = useFetcher<PreferenceSaved>({ key: COLOR_MODE_FETCHER_KEY })
	const pending = fetcher.formData?.get('colorMode')
	if (pending === 'dark' || pending === 'light') return pending
	return fetcher.data?.colorMode ?? data?.colorMode ?? 'dark'
}
