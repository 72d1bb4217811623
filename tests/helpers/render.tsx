import { render } from '@testing-library/react'
import { createInstance } from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { createRoutesStub, Outlet } from 'react-router'
import { i18nOptions } from '#app/i18n.ts'
import { resources } from '#app/locales/resources.server.ts'
import type { Locale } from '#app/utils/locale.ts'

/**
 * Renders a component inside a router and the real translations of `locale`;
 * with `actionData` as the page's action data (as after a form post) and
 * `rootData` as the root loader's data (e.g. `{ publicConfig: { mapStyleUrl } }`).
 */
export async function renderWithApp(
	element: React.ReactNode,
	options: { locale?: Locale; path?: string; actionData?: unknown; rootData?: unknown } = {},
) {
	const locale = options.locale ?? 'de'
	const i18n = createInstance()
	await i18n.use(initReactI18next).init({ ...i18nOptions, resources, lng: locale })
	const path = options.path ?? (locale === 'en' ? '/en/test' : '/test')
	const page = { id: 'page', path: '*', Component: () => <>{element}</> }
	const { rootData } = options
	const Stub = createRoutesStub(
		rootData === undefined
			? [page]
			: [{ id: 'root', path: '/', loader: () => rootData, Component: Outlet, children: [page] }],
	)
	const hydrationData =
		options.actionData || rootData !== undefined
			? {
					...(options.actionData ? { actionData: { page: options.actionData } } : {}),
					...(rootData !== undefined ? { loaderData: { root: rootData } } : {}),
				}
			: undefined
	return render(
		<I18nextProvider i18n={i18n}>
			<Stub initialEntries={[path]} hydrationData={hydrationData} />
		</I18nextProvider>,
	)
}
