import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'
import { INFO_PAGES, PLAYROOM_EDIT_TABS } from './utils/slugs.ts'

/**
 * The route table of spec §2. Every page exists twice — German at the bare
 * path, English under /en — through the optional static segment `en?`
 * (docs/decisions/0002-locale-routing.md).
 *
 * Pages that a later capability builds render `routes/placeholder.tsx` (a
 * translated "coming soon", status 200) under their own id; guards, layouts
 * and locale handling already apply to them. Replace the file of a route
 * when its capability lands; keep its id (page titles are keyed by it).
 */
const page = (path: string, id: string = path) => route(path, 'routes/placeholder.tsx', { id })

/** The public catalogue API (spec §7 "Public playrooms"), docs/subsystems/catalogue.md. */
const publicPlayroomApiRoutes = () =>
	(
		[
			['Index', 'index'],
			['Playroom', 'playroom'],
			['Images', 'images'],
			['Features', 'features'],
			['FeatureList', 'feature-list'],
			['Questions', 'questions'],
			['PlayroomPage', 'playroom-page'],
			['CustomUrl', 'custom-url'],
			['GetOccupationData', 'occupation'],
			['AvailableLists', 'available-lists'],
			['GetPrice', 'get-price'],
			['Booking', 'booking'],
			['ForOrderCheckout', 'for-order-checkout'],
			['LiveData', 'live-data'],
			['GetQrCode', 'qr-code'],
			['GetFavorites', 'get-favorites'],
			['AddFavorite', 'add-favorite'],
			['RemoveFavorite', 'remove-favorite'],
			['MergeFavorites', 'merge-favorites'],
			['PlayroomsNearByPlayroomsId', 'nearby'],
			['PlayroomPageView', 'page-view'],
			['RedirectToPlayroomWebsite', 'website'],
			['Ratings', 'ratings'],
		] as const
	).map(([endpoint, file]) => route(`api/Public/Playrooms/${endpoint}`, `routes/api/playrooms/${file}.ts`))

/** Paths named after UI parts of the original front end: 302 to the parent page. */
const artefactRedirect = (area: string, path: string) =>
	route(path, 'routes/artefact-redirect.tsx', { id: `artefact:${area}/${path}` })

/** Paths that look like generated artefacts and are not pages: 404. */
const notFound = (area: string, path: string) =>
	route(path, 'routes/not-found.tsx', { id: `404:${area}/${path}` })

export default [
	// /de/... is the default locale under a redundant prefix: redirect to the bare path.
	route('de/*', 'routes/de-redirect.tsx', { id: 'de-redirect' }),

	// Resource routes (no locale): translations, theme/UI preferences, API.
	route('_i18n/:buildId/:locale/messages.json', 'routes/resources/i18n-messages.ts'),
	route('resources/preferences', 'routes/resources/preferences.ts'),
	route('resources/consent', 'routes/resources/consent.ts'),
	route('resources/locale', 'routes/resources/locale.ts'),
	route('resources/impersonation', 'routes/resources/impersonation.ts'),
	route('resources/favourites', 'routes/resources/favourites.ts'),
	route('resources/waitlist', 'routes/resources/waitlist.ts'),
	route('resources/notifications', 'routes/resources/notifications.ts'),
	route('resources/password-strength', 'routes/resources/password-strength.ts'),
	route('sitemap.xml', 'routes/sitemap-xml.ts'),
	route('robots.txt', 'routes/robots-txt.ts'),
	// A host's secret iCal export feed, /calendar/<token>.ics (docs/subsystems/ical.md).
	route('calendar/:file', 'routes/calendar-feed.ts'),
	route('api/Auth/session', 'routes/api/auth.session.ts'),
	route('api/Dev/Outbox', 'routes/api/dev.outbox.ts'),
	...publicPlayroomApiRoutes(),
	route('api/Auth/:endpoint', 'routes/api/auth.ts'),
	route('api/User/:endpoint', 'routes/api/user.ts'),
	route('api/user/nextActivities/HostNextActivityData', 'routes/api/next-activities.ts'),
	...(['Customer', 'Owner', 'Admin'] as const).map((role) =>
		route(`api/${role}/Status/Get`, 'routes/api/status.ts', { id: `api/${role}/Status/Get` }),
	),
	route('api/Admin/User/:endpoint', 'routes/api/admin-user.ts'),
	route('api/Events/:endpoint', 'routes/api/events.ts'),
	route('api/Customer/Orders/:endpoint', 'routes/api/customer-orders.ts'),
	route('api/Customer/Ratings/:endpoint', 'routes/api/customer-ratings.ts'),
	route('api/Owner/Orders/:endpoint', 'routes/api/owner-orders.ts'),
	route('api/Customer/Chat/:endpoint', 'routes/api/chat.ts', { id: 'api/Customer/Chat' }),
	route('api/Owner/Chat/:endpoint', 'routes/api/chat.ts', { id: 'api/Owner/Chat' }),
	route('api/Support/:endpoint', 'routes/api/support.ts'),
	route('api/Admin/Support/:endpoint', 'routes/api/admin-support.ts'),
	route('api/Owner/Ratings/:endpoint', 'routes/api/owner-ratings.ts'),
	route('api/Owner/Playrooms/:endpoint', 'routes/api/owner-playrooms.ts'),
	route('api/Admin/Orders/:endpoint', 'routes/api/admin-orders.ts'),
	route('api/Admin/Payments/:endpoint', 'routes/api/admin-payments.ts'),
	// The other admin lists' Index and Export (one module; the resource names the data table).
	...(
		[
			'Playrooms',
			'PlayroomRatings',
			'MoneyTransactions',
			'PaymentTransactions',
			'BackgroundTaskExecutions',
			'VoucherOrders',
			'PayoutRuns',
			'Vouchers',
			'Invoices',
			'TemplateTexts',
		] as const
	).map((name) =>
		route(`api/Admin/${name}/:endpoint`, 'routes/api/admin-lists.ts', { id: `api/Admin/${name}` }),
	),
	route('api/Admin/Search/Get', 'routes/api/admin-search.ts'),
	route('api/Payments/StripeWebhook', 'routes/api/stripe-webhook.ts'),
	// The gift voucher's PDF (A4 or A6 card) behind the voucher order's secret link (ADR 0168).
	route('public/voucher-orders/:voucherOrderId/pdf', 'routes/vouchers/voucher-order-pdf.ts'),
	route('api/Owner/Playrooms/:playroomId/Photos', 'routes/api/host-playroom-photos.ts'),
	route('api/Owner/Playrooms/:playroomId/Photos/:photoId', 'routes/api/host-playroom-photos.ts', {
		id: 'api/Owner/Playrooms/photo',
	}),
	route('api/Owner/Playrooms/:playroomId/:section', 'routes/api/host-playroom-editor.ts'),
	route('api/*', 'routes/api/not-found.ts'),

	route('en?', 'routes/locale-layout.tsx', { id: 'locale' }, [
		layout('routes/layouts/public.tsx', [
			index('routes/home.tsx', { id: 'home' }),
			route('login', 'routes/auth/login.tsx', { id: 'login' }),
			route('404', 'routes/not-found.tsx', { id: 'not-found-page' }),
			// The user's support thread with the platform (ADR 0163; not in spec §2's tables).
			route('support', 'routes/support/support-page.tsx', { id: 'support' }),
			// The newsletter's page and unsubscribe link (issue 33, ADR 0169; not in spec §2's tables).
			route('newsletter', 'routes/newsletter/newsletter-page.tsx', { id: 'newsletter' }),
			route('newsletter/unsubscribe', 'routes/newsletter/unsubscribe.tsx', { id: 'newsletter/unsubscribe' }),

			...INFO_PAGES.map((slug) => route(`info/${slug}`, 'routes/content-page.tsx', { id: `info/${slug}` })),

			...['playrooms', 'playrooms/search', 'playrooms/fixedPlace', 'playrooms/sorted/newest'].map((path) =>
				route(path, 'routes/playrooms/search.tsx', { id: path }),
			),
			route('playrooms/id/:playroomId', 'routes/playrooms/by-id.tsx', { id: 'playrooms/id/:playroomId' }),
			route('playrooms/cities/:citySlug', 'routes/playrooms/place.tsx', { id: 'playrooms/cities' }),
			route('playrooms/states/:stateSlug', 'routes/playrooms/place.tsx', { id: 'playrooms/states' }),
			route('playrooms/:playroomUrlPath', 'routes/playrooms/detail.tsx', { id: 'playrooms/detail' }),
			route('playrooms/:playroomUrlPath/ratings', 'routes/playrooms/ratings.tsx', {
				id: 'playrooms/ratings',
			}),

			route('public/playroomOrder/:orderId/confirmation', 'routes/checkout/confirmation.tsx', {
				id: 'checkout/confirmation',
			}),
			// Gift voucher orders (issue 33, ADR 0168): the form and the secret link's page.
			route('public/voucher-orders/new-voucher-order', 'routes/vouchers/new-voucher-order.tsx', {
				id: 'public/voucher-orders/new-voucher-order',
			}),
			route('public/voucher-orders/:voucherOrderId', 'routes/vouchers/voucher-order.tsx', {
				id: 'public/voucher-orders/detail',
			}),

			route('auth/logout', 'routes/auth/logout.tsx', { id: 'auth/logout' }),
			route('auth/relogin', 'routes/auth/relogin.tsx', { id: 'auth/relogin' }),
			route('auth/register-host', 'routes/auth/register.tsx', { id: 'auth/register-host' }),
			route('auth/register-guest', 'routes/auth/register.tsx', { id: 'auth/register-guest' }),
			route('auth/confirmEmail/:userId/:token', 'routes/auth/confirm-email.tsx', { id: 'auth/confirmEmail' }),
			route('auth/ResetPassword/:userId/:token', 'routes/auth/reset-password.tsx', {
				id: 'auth/ResetPassword',
			}),
			route('user/ConfirmChangeEmail/:newEmail/:userId/:emailToken', 'routes/user/confirm-change-email.tsx', {
				id: 'user/ConfirmChangeEmail',
			}),

			route('guest', 'routes/layouts/guest.tsx', [
				index('routes/area-index.tsx', { id: 'guest/index' }),
				route('account/edit', 'routes/account/edit.tsx', { id: 'guest/account/edit' }),
				route('account/delete', 'routes/account/delete.tsx', { id: 'guest/account/delete' }),
				route('orders', 'routes/guest/orders.tsx', { id: 'guest/orders' }),
				notFound('guest', 'orders/DateDto'),
				notFound('guest', 'orders/OrderCreateDto'),
				notFound('guest', 'orders/PlayroomAdditionDto'),
				notFound('guest', 'orders/ics/_orderId'),
				route('orders/:orderId', 'routes/guest/order-detail.tsx', { id: 'guest/orders/detail' }),
				route('orders/:orderId/ics', 'routes/guest/order-ics.ts', { id: 'guest/orders/ics' }),
				route('chatMessages', 'routes/chat/chat-page.tsx', { id: 'guest/chatMessages' }),
				notFound('guest', '*'),
			]),

			route('host', 'routes/layouts/host.tsx', [
				index('routes/area-index.tsx', { id: 'host/index' }),
				route('dashboard', 'routes/host/dashboard.tsx', { id: 'host/dashboard' }),
				route('account/edit', 'routes/account/edit.tsx', { id: 'host/account/edit' }),
				route('orders', 'routes/host/orders.tsx', { id: 'host/orders' }),
				route('orders/:orderId', 'routes/host/order-detail.tsx', { id: 'host/orders/detail' }),
				route('messages', 'routes/host/messages.tsx', { id: 'host/messages' }),
				route('chatMessages', 'routes/chat/chat-page.tsx', { id: 'host/chatMessages' }),
				page('modules', 'host/modules'),
				page('modules/telegramModule', 'host/modules/telegramModule'),
				page('modules/socialMediaModule', 'host/modules/socialMediaModule'),
				page('modules/lastMinuteDiscountModule', 'host/modules/lastMinuteDiscountModule'),
				route('vouchers', 'routes/host/vouchers.tsx', { id: 'host/vouchers' }),
				route('invoices', 'routes/host/invoices.tsx', { id: 'host/invoices' }),
				route('invoices/:invoiceId/:kind', 'routes/invoices/invoice-document.ts', {
					id: 'host/invoices/document',
				}),
				artefactRedirect('host', 'vouchers/HostVoucherCreateCard'),
				artefactRedirect('host', 'vouchers/VoucherTransactionTable'),
				route('vouchers/:voucherId', 'routes/host/voucher-detail.tsx', { id: 'host/vouchers/detail' }),
				route('payouts', 'routes/host/payouts.tsx', { id: 'host/payouts' }),
				route('playrooms', 'routes/host/playrooms.tsx', { id: 'host/playrooms' }),
				// The playroom editor: a layout with the tabs, each tab its own module (issue 12).
				route(
					'playrooms/edit/:playroomId',
					'routes/host/editor/layout.tsx',
					{ id: 'host/playrooms/edit/layout' },
					[
						index('routes/host-playroom-edit-redirect.tsx', { id: 'host/playrooms/edit' }),
						...PLAYROOM_EDIT_TABS.map((tab) =>
							route(tab, `routes/host/editor/${tab}.tsx`, { id: `host/playrooms/edit/${tab}` }),
						),
					],
				),
				route('playrooms/edit/*', 'routes/home-redirect.tsx', { id: 'host/playrooms/edit/*' }),
				route('playrooms/:playroomId', 'routes/host/playroom-overview.tsx', { id: 'host/playrooms/detail' }),
				route('accessAreas', 'routes/host/access-areas.tsx', { id: 'host/accessAreas' }),
				artefactRedirect('host', 'accessAreas/AccessAreaIdCodePart'),
				route('accessAreas/:accessAreaId', 'routes/host/access-area-detail.tsx', {
					id: 'host/accessAreas/detail',
				}),
				route('templateTexts', 'routes/host/template-texts.tsx', { id: 'host/templateTexts' }),
				artefactRedirect('host', 'templateTexts/HostTemplateTextCreateCard'),
				route('templateTexts/:templateTextId', 'routes/template-texts/detail.tsx', {
					id: 'host/templateTexts/detail',
				}),
				route('playroomRatings', 'routes/host/playroom-ratings.tsx', { id: 'host/playroomRatings' }),
				route('calendar', 'routes/host/calendar.tsx', { id: 'host/calendar' }),
				route('calendar/feeds', 'routes/host/calendar-feeds.tsx', { id: 'host/calendar/feeds' }),
				artefactRedirect('host', 'calendar/CalendarSync'),
				artefactRedirect('host', 'calendar/OwnerCalendar'),
				artefactRedirect('host', 'calendar/OwnerChangeTemporalModal'),
				artefactRedirect('host', 'calendar/OwnerPlayroomTemporalModal'),
				notFound('host', '*'),
			]),

			route('owner', 'routes/layouts/owner.tsx', [
				index('routes/area-index.tsx', { id: 'owner/index' }),
				route('orders', 'routes/host/owner-agenda.tsx', { id: 'owner/orders' }),
				route('orders/:orderId', 'routes/host/order-detail.tsx', { id: 'owner/orders/detail' }),
				route('calendar', 'routes/host/owner-calendar.tsx', { id: 'owner/calendar' }),
				route('chatMessages', 'routes/chat/chat-page.tsx', { id: 'owner/chatMessages' }),
				route('chatMessages/:guestId', 'routes/chat/chat-page.tsx', { id: 'owner/chatMessages/detail' }),
				notFound('owner', '*'),
			]),

			route('admin', 'routes/layouts/admin.tsx', [
				index('routes/area-index.tsx', { id: 'admin/index' }),
				route('dashboard', 'routes/admin/dashboard.tsx', { id: 'admin/dashboard' }),
				route('search', 'routes/admin/search.tsx', { id: 'admin/search' }),
				route('account/edit', 'routes/account/edit.tsx', { id: 'admin/account/edit' }),
				route('hosts', 'routes/admin/users.tsx', { id: 'admin/hosts' }),
				route('hosts/:hostUserId', 'routes/admin/user-detail.tsx', { id: 'admin/hosts/detail' }),
				route('guests', 'routes/admin/users.tsx', { id: 'admin/guests' }),
				route('guests/:guestUserId', 'routes/admin/user-detail.tsx', { id: 'admin/guests/detail' }),
				route('admins', 'routes/admin/users.tsx', { id: 'admin/admins' }),
				route('orders', 'routes/admin/orders.tsx', { id: 'admin/orders' }),
				route('orders/:orderId', 'routes/admin/order-detail.tsx', { id: 'admin/orders/detail' }),
				route('support', 'routes/admin/support.tsx', { id: 'admin/support' }),
				route('support/:supportThreadId', 'routes/admin/support-thread.tsx', { id: 'admin/support/detail' }),
				route('migration', 'routes/admin/migration.tsx', { id: 'admin/migration' }),
				route('vouchers', 'routes/admin/vouchers.tsx', { id: 'admin/vouchers' }),
				route('vouchers/:voucherId', 'routes/admin/voucher-detail.tsx', { id: 'admin/vouchers/detail' }),
				route('voucherOrders', 'routes/admin/voucher-orders.tsx', { id: 'admin/voucherOrders' }),
				route('voucherOrders/:voucherOrderId', 'routes/admin/voucher-order-detail.tsx', {
					id: 'admin/voucherOrders/detail',
				}),
				route('payouts', 'routes/admin/payouts.tsx', { id: 'admin/payouts' }),
				route('payouts/balances', 'routes/admin/payout-balances.tsx', { id: 'admin/payouts/balances' }),
				route('payouts/:payoutRunId', 'routes/admin/payout-run-detail.tsx', { id: 'admin/payouts/detail' }),
				route('payouts/:payoutRunId/sepa', 'routes/admin/payout-run-sepa.ts', { id: 'admin/payouts/sepa' }),
				route('playrooms', 'routes/admin/playrooms.tsx', { id: 'admin/playrooms' }),
				route('playrooms/:playroomId', 'routes/admin/playroom-detail.tsx', { id: 'admin/playrooms/detail' }),
				route('playroomRatings', 'routes/admin/playroom-ratings.tsx', { id: 'admin/playroomRatings' }),
				route('templateTexts', 'routes/admin/template-texts.tsx', { id: 'admin/templateTexts' }),
				route('templateTexts/:templateTextId', 'routes/template-texts/detail.tsx', {
					id: 'admin/templateTexts/detail',
				}),
				route('moneyTransactions', 'routes/admin/money-transactions.tsx', { id: 'admin/moneyTransactions' }),
				route('invoices', 'routes/admin/invoices.tsx', { id: 'admin/invoices' }),
				route('invoices/:invoiceId', 'routes/admin/invoice-detail.tsx', { id: 'admin/invoices/detail' }),
				route('invoices/:invoiceId/:kind', 'routes/invoices/invoice-document.ts', {
					id: 'admin/invoices/document',
				}),
				page('moduleSubscriptions', 'admin/moduleSubscriptions'),
				page('moduleSubscriptions/:moduleSubscriptionId', 'admin/moduleSubscriptions/detail'),
				route('paymentTransactions', 'routes/admin/payment-transactions.tsx', {
					id: 'admin/paymentTransactions',
				}),
				route('paymentTransactions/new-control-transaction', 'routes/admin/control-transaction.tsx', {
					id: 'admin/paymentTransactions/new',
				}),
				route('paymentTransactions/:paymentTransactionId', 'routes/admin/payment-detail.tsx', {
					id: 'admin/paymentTransactions/detail',
				}),
				route('exports', 'routes/admin/exports.tsx', { id: 'admin/exports' }),
				route('exports/datev', 'routes/admin/datev-export.ts', { id: 'admin/exports/datev' }),
				route('backgroundTaskExecutions', 'routes/admin/task-runs.tsx', {
					id: 'admin/backgroundTaskExecutions',
				}),
				// The e-mail log sits with the task that sends the e-mails (ADR 0175).
				route('backgroundTaskExecutions/emails', 'routes/admin/emails.tsx', {
					id: 'admin/backgroundTaskExecutions/emails',
				}),
				route('backgroundTaskExecutions/emails/:emailId', 'routes/admin/email-detail.tsx', {
					id: 'admin/backgroundTaskExecutions/emails/detail',
				}),
				notFound('admin', '*'),
			]),

			// Content pages (imprint, FAQs, privacy policy, admin-made pages); unknown slug → 404.
			route('*', 'routes/content-page.tsx', { id: 'content-page' }),
		]),

		layout('routes/layouts/checkout-popup.tsx', [
			route('public/playroomOrder/checkout', 'routes/checkout/checkout.tsx', { id: 'checkout' }),
			route('public/playroomOrder/checkout/page', 'routes/checkout/checkout.tsx', { id: 'checkout/page' }),
			route('public/playroomOrder/checkout/BookingWizard', 'routes/checkout/checkout.tsx', {
				id: 'checkout/BookingWizard',
			}),
		]),

		layout('routes/layouts/routes-layout.tsx', [route('routes', 'routes/sitemap-page.tsx')]),
	]),
] satisfies RouteConfig
