import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import {
	Links,
	Meta,
	Outlet,
	Scripts,
	isRouteErrorResponse,
	ScrollRestoration,
	useLocation,
	useNavigation,
	type ShouldRevalidateFunctionArgs,
} from 'react-router'
import { isbot } from 'isbot'
import type { Route } from './+types/root.ts'
import { AccountChrome } from './components/account-chrome.tsx'
import { ChatSound } from './components/chat-sound.tsx'
import { CatalogueChrome } from './components/catalogue-chrome.tsx'
import { ConsentNotice } from './components/consent-notice.tsx'
import { ErrorPage } from './components/error-page.tsx'
import { NewsletterPrompt } from './components/newsletter-prompt.tsx'
import { SiteChrome } from './components/site-chrome.tsx'
import { ProgressBar } from './components/progress-bar.tsx'
import { RealtimeProvider } from './components/realtime-provider.tsx'
import { AppToaster, useToastFromServer } from './components/toaster.tsx'
import { messagesUrl } from './i18n.ts'
import { showsNewsletterPrompt } from './domain/newsletter.ts'
import { personalOffersAllowed } from './models/vouchers/newsletter.server.ts'
import { MESSAGES_VERSION } from './locales/resources.server.ts'
import appStylesHref from './styles/app.css?url'
import { getAuth } from './utils/auth.server.ts'
import { installChunkReloadGuard } from './utils/chunk-reload.client.ts'
import { ensureClientLocale } from './utils/i18n.client.ts'
import { useMessagesVersion } from './render/messages-version.tsx'
import { COOKIE_NAMES, readCookies } from './utils/cookies.server.ts'
import { CONSENT_COOKIE, parseConsent } from './utils/consent.ts'
import { appendResponseCookie } from './utils/context.server.ts'
import { getEnv } from './utils/env.server.ts'
import { getLocale } from './utils/i18n.server.ts'
import { getLocaleFromPathname, localizePath, stripLocale } from './utils/locale.ts'
import { useNonce } from './render/nonce-provider.tsx'
import { parseSidebarState } from './utils/preferences.ts'
import { rootMiddleware } from './utils/root-middleware.server.ts'
import { readToast } from './utils/toast.server.ts'
import { useColorMode } from './utils/color-mode.ts'
import { useRootData } from './hooks/use-root-data.ts'

export const middleware: Route.MiddlewareFunction[] = rootMiddleware

export const links: Route.LinksFunction = () => [
	// `precedence` makes React emit the stylesheet first in <head>, before the hoisted
	// modulepreload links, so the first paint does not queue behind the JavaScript (ADR 0115).
	{ rel: 'stylesheet', href: appStylesHref, precedence: 'default' },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
	const env = getEnv()
	const locale = getLocale(context)
	const session = getAuth(context).session
	const cookies = readCookies(request)
	const { toast, clearCookie } = await readToast(request)
	if (clearCookie) appendResponseCookie(context, clearCookie)
	const user = session?.user
	const consentCookie = cookies[CONSENT_COOKIE]
	const consentDecided = parseConsent(consentCookie).decided
	return {
		locale,
		messagesVersion: MESSAGES_VERSION,
		origin: env.PUBLIC_URL,
		user: user
			? {
					id: user.id,
					role: user.role,
					displayName: user.displayName,
					firstName: user.firstName,
					lastName: user.lastName,
					email: user.email,
				}
			: null,
		impersonating: Boolean(session?.impersonatorUserId),
		colorMode: cookies[COOKIE_NAMES.colorMode] === 'light' ? ('light' as const) : ('dark' as const),
		sidebar: parseSidebarState(cookies[COOKIE_NAMES.sidebar]),
		toast,
		// The first-visit banner is server-rendered (ADR 0068); the page cache key holds the same state.
		consent: { decided: consentDecided, returning: Boolean(consentCookie) && !consentDecided },
		isBot: isbot(request.headers.get('User-Agent')),
		// Spec §4: logged-in guests with personal offers off who did not dismiss it (ADR 0169).
		newsletterPrompt:
			Boolean(user) &&
			!session?.impersonatorUserId &&
			showsNewsletterPrompt({
				role: user?.role,
				dismissed: Boolean(cookies[COOKIE_NAMES.newsletterDismissed]),
				allowEmailForPersonalOffers: user?.role === 'Customer' ? personalOffersAllowed(user.id) : false,
			}),
		publicConfig: { mapStyleUrl: env.MAP_STYLE_URL ?? null },
	}
}

/** Before a navigation into the other language commits, its messages are loaded. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
	const data = await serverLoader()
	await ensureClientLocale(data.locale, data.messagesVersion)
	return data
}

export function shouldRevalidate({ defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
	return defaultShouldRevalidate
}

function AlternateLinks({ origin }: { origin: string }) {
	const location = useLocation()
	const path = stripLocale(location.pathname)
	const locale = getLocaleFromPathname(location.pathname)
	return (
		<>
			<link rel="canonical" href={`${origin}${localizePath(path, locale)}`} />
			<link rel="alternate" hrefLang="de" href={`${origin}${localizePath(path, 'de')}`} />
			<link rel="alternate" hrefLang="en" href={`${origin}${localizePath(path, 'en')}`} />
			<link rel="alternate" hrefLang="x-default" href={`${origin}${localizePath(path, 'de')}`} />
		</>
	)
}

export function Layout({ children }: { children: React.ReactNode }) {
	// The page's JavaScript arrives after the first paint (ADR 0124): e2e tests wait for this mark
	// before using what needs it (waitForHydration, tests/e2e/helpers.ts). In the layout, so error pages get it too.
	useEffect(() => {
		document.documentElement.dataset.hydrated = 'true'
	}, [])
	const data = useRootData()
	const messagesVersion = useMessagesVersion()
	const nonce = useNonce()
	const location = useLocation()
	const locale = data?.locale ?? getLocaleFromPathname(location.pathname)
	// The saved (or being saved) colour mode: switching it does not revalidate this loader.
	const colorMode = useColorMode()
	const dark = colorMode === 'dark'
	return (
		<html lang={locale} className={dark ? 'dark' : undefined} data-color-mode={dark ? 'dark' : 'light'}>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="color-scheme" content={dark ? 'dark' : 'light'} />
				{messagesVersion ? <meta name="i18n-version" content={messagesVersion} /> : null}
				{messagesVersion ? (
					<link
						rel="preload"
						as="fetch"
						crossOrigin="anonymous"
						href={messagesUrl(messagesVersion, locale)}
					/>
				) : null}
				<Meta />
				<Links />
				{data ? <AlternateLinks origin={data.origin} /> : null}
			</head>
			<body className="min-h-screen bg-surface text-ink antialiased">
				{children}
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

export default function App({ loaderData }: Route.ComponentProps) {
	useToastFromServer(loaderData.toast)
	useEffect(() => installChunkReloadGuard(), [])
	const colorMode = useColorMode()
	// A logout/relogin submit ends the session on the server: close the realtime
	// channel at once, or a (re)connect racing the logout is refused with 401.
	const navigation = useNavigation()
	const endingSession =
		navigation.formMethod?.toUpperCase() === 'POST' &&
		/\/auth\/(logout|relogin)$/.test(stripLocale(navigation.formAction?.split('?')[0] ?? ''))
	return (
		<RealtimeProvider enabled={Boolean(loaderData.user) && !endingSession}>
			<ProgressBar />
			{/* First in the document, though it shows fixed at the bottom: it paints with the first
			    parsed bytes instead of after a long page (search: Lighthouse LCP, ADR 0068), and a
			    keyboard or screen-reader user meets the choice first. */}
			<ConsentNotice decided={loaderData.consent.decided} returning={loaderData.consent.returning} />
			<NewsletterPrompt show={loaderData.newsletterPrompt} />
			<AccountChrome />
			<CatalogueChrome />
			<Outlet />
			<AppToaster colorMode={colorMode} />
			{loaderData.user ? <ChatSound /> : null}
		</RealtimeProvider>
	)
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	const data = useRootData()
	const { t } = useTranslation()
	if (data?.isBot) {
		// Bots get a minimal page; the error itself is only logged on the server.
		const status = typeof error === 'object' && error && 'status' in error ? Number(error.status) : 500
		return <p>{t('bot.error', { status })}</p>
	}
	const page = (
		<div className="mx-auto max-w-3xl px-4 py-10">
			<ErrorPage error={error} />
		</div>
	)
	// A 4xx thrown before any loader ran (an area's role guard) lands here: keep the site's
	// navigation. A thrown Error (the root itself failed) gets the bare page.
	return isRouteErrorResponse(error) ? <SiteChrome>{page}</SiteChrome> : page
}
