import type { TranslationShape } from '../types.ts'
import type { consent as de } from '../de/consent.ts'

/** English: the consent banner and its settings (spec §4, §9; vanilla-cookieconsent). */
export const consent: TranslationShape<typeof de> = {
	banner: {
		title: 'Cookies and privacy',
		description:
			'We only store what the site needs to work. With your consent we also load maps and the support chat (functional) and count anonymously which pages are used (analytics).',
		settings: 'Settings',
		acceptAll: 'Accept all',
		acceptNecessary: 'Necessary only',
		revision: 'We have changed our cookie rules. Please decide again.',
	},
	settings: {
		title: 'Cookie settings',
		save: 'Save my choice',
		acceptAll: 'Accept all',
		acceptNecessary: 'Necessary only',
		close: 'Close',
		tableCaption: 'Cookies of this category',
		columns: { name: 'Name', provider: 'Provider', duration: 'Duration', purpose: 'Purpose' },
		intro: {
			title: 'Your choice',
			description:
				'You decide which categories we may use. Necessary cookies are always on. You can change your choice at any time with “Cookie settings” at the bottom of every page.',
		},
		necessary: {
			title: 'Necessary',
			description:
				'Login, language, colour scheme, your favourites and this decision. The site does not work without them.',
		},
		functional: {
			title: 'Functional',
			description: 'Interactive maps (map data from the map provider) and the support chat.',
		},
		analytics: {
			title: 'Analytics',
			description:
				'We count which pages are visited to improve the site. Analytics only starts when you also allow functional cookies.',
		},
		more: {
			title: 'Learn more',
			description: 'Details are in our <a class="cc-link" href="{{href}}">privacy policy</a>.',
		},
	},
	names: {
		chat: 'Support chat',
		maps: 'Map service',
		productAnalytics: 'Product analytics',
		webAnalytics: 'Web analytics',
		behaviourAnalytics: 'Behaviour analytics',
	},
	providers: {
		login: 'Playrooms',
		impersonation: 'Playrooms',
		language: 'Playrooms',
		culture: 'Playrooms',
		colorMode: 'Playrooms',
		sidebar: 'Playrooms',
		toast: 'Playrooms',
		loggedOut: 'Playrooms',
		consent: 'Playrooms',
		favourites: 'Playrooms (browser storage)',
		chat: 'Chat provider',
		maps: 'Map provider',
		productAnalytics: 'Product analytics service',
		webAnalytics: 'Web analytics service',
		behaviourAnalytics: 'Behaviour analytics service',
	},
	durations: {
		login: '7 days or until the browser closes',
		impersonation: 'until the browser closes',
		language: '1 year',
		culture: '1 year',
		colorMode: '1 year',
		sidebar: '1 year',
		toast: 'a few seconds',
		loggedOut: 'until the next page',
		consent: '6 months',
		favourites: 'until you remove them or log out',
		chat: '1 day to 1 month',
		maps: 'no cookies',
		productAnalytics: '1 year / 1 day',
		webAnalytics: '1 year',
		behaviourAnalytics: '1 day / 10 months',
	},
	purposes: {
		login: 'Keeps you logged in.',
		impersonation: 'Lets admins return after “login as”.',
		language: 'Remembers your language.',
		culture: 'Language and format of dates and numbers.',
		colorMode: 'Dark or light design.',
		sidebar: 'State of the sidebar.',
		toast: 'Shows a message after an action.',
		loggedOut: 'Clears your favourites in the browser after logging out.',
		consent: 'Stores this decision.',
		favourites: 'The playrooms you saved (only when you tap a heart).',
		chat: 'Help in a chat with our support.',
		maps: 'Loads map tiles to show playrooms on a map.',
		productAnalytics: 'Which features are used.',
		webAnalytics: 'Which pages are visited.',
		behaviourAnalytics: 'How pages are used (clicks, scrolling).',
	},
	footerLink: 'Cookie settings',
}
