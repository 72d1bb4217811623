/** UI preferences kept in cookies so the server renders them without a flash. */
export type SidebarState = { show: boolean; minimize: boolean }
export const DEFAULT_SIDEBAR: SidebarState = { show: true, minimize: false }

export function parseSidebarState(value: string | undefined): SidebarState {
	if (!value) return DEFAULT_SIDEBAR
	const [show, minimize] = value.split('.')
	return { show: show !== '0', minimize: minimize === '1' }
}

export function serializeSidebarState(state: SidebarState): string {
	return `${state.show ? '1' : '0'}.${state.minimize ? '1' : '0'}`
}

export const COLOR_MODES = ['dark', 'light'] as const
export type ColorMode = (typeof COLOR_MODES)[number]

/** What POST /resources/preferences answers a fetcher: the value it stored. */
export type PreferenceSaved = { ok: true; colorMode?: ColorMode; sidebar?: SidebarState }
