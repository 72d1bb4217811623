import { Body } from '@react-email/body'
import { Button } from '@react-email/button'
import { Column } from '@react-email/column'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Img } from '@react-email/img'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { Row } from '@react-email/row'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { createElement as h, Fragment, type CSSProperties, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { getEnv } from './env.server.ts'
import { getFixedT } from './i18n.server.ts'
import { localizePath, type Locale } from './locale.ts'

/**
 * The branded HTML of every e-mail (issue 31.16, ADR 0156): react-email's
 * table-based components, the product's colour tokens (app/styles/app.css),
 * the logo from PUBLIC_URL, light and dark colour schemes. Rendered with
 * React's synchronous `renderToStaticMarkup`, because e-mails are composed
 * inside the IMMEDIATE transaction that queues them (no `await` there).
 * Every text is a React text node, so React escapes it: template texts that
 * hosts and admins write cannot add markup.
 */
export type EmailContent = {
	locale: Locale
	heading: string
	paragraphs: string[]
	/** Label/value rows after the paragraphs (order details, bank details). */
	details?: { label: string; value: string }[]
	/**
	 * Blocks after the details, each with a small heading, label/value rows and a link (the chat
	 * digest: one block per conversation, its messages as rows and the link to the thread).
	 */
	sections?: EmailSection[]
	action?: { label: string; url: string }
	footer: string
}

export type EmailSection = {
	heading: string
	rows: { label: string; value: string }[]
	/** A short muted line under the rows (e.g. why contact details are hidden). */
	note?: string
	link?: { label: string; url: string }
}

/** The logo, served from public/ (a 96 px PNG of the brand mark shown at 48 px; SVG does not show in Gmail). */
export const EMAIL_LOGO_PATH = '/email-logo.png'

/** The light tokens of app/styles/app.css and their `.dark` counterparts. */
const LIGHT = {
	page: '#f5f5f7',
	card: '#ffffff',
	panel: '#f5f5f7',
	ink: '#16161d',
	muted: '#4b4b5a',
	line: '#d4d4dd',
	accent: '#6d28d9',
	accentInk: '#ffffff',
} as const
const DARK = {
	page: '#101018',
	card: '#1a1a25',
	panel: '#101018',
	ink: '#f2f2f7',
	muted: '#b4b4c3',
	line: '#34344a',
	accent: '#a78bfa',
	accentInk: '#14101f',
} as const

const FONT =
	"ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"

/**
 * Inline styles carry the light scheme (every client); clients that honour
 * `prefers-color-scheme` (Apple Mail, iOS, Outlook.com via [data-ogsc]) switch
 * to the dark tokens through these classes. Clients that invert colours
 * themselves (Gmail apps, Outlook) get light-on-dark by inversion: the logo
 * sits on its own light tile and the button text is white on violet.
 */
function darkRules(prefix: string) {
	return [
		// react-email's Body repeats the page colour on the cell of its wrapping table.
		`${prefix}.sz-page,${prefix}.sz-page>table>tbody>tr>td{background-color:${DARK.page}!important}`,
		`${prefix}.sz-card{background-color:${DARK.card}!important;border-color:${DARK.line}!important}`,
		`${prefix}.sz-panel{background-color:${DARK.panel}!important;border-color:${DARK.line}!important}`,
		`${prefix}.sz-ink{color:${DARK.ink}!important}`,
		`${prefix}.sz-muted{color:${DARK.muted}!important}`,
		`${prefix}.sz-link{color:${DARK.accent}!important}`,
		`${prefix}.sz-button{background-color:${DARK.accent}!important;color:${DARK.accentInk}!important}`,
		`${prefix}.sz-line{border-color:${DARK.line}!important}`,
	].join('')
}
const STYLE = [
	':root{color-scheme:light dark;supported-color-schemes:light dark}',
	`@media (prefers-color-scheme: dark){${darkRules('')}}`,
	darkRules('[data-ogsc] '),
	'@media only screen and (max-width: 480px){.sz-outer{padding:12px 8px!important}.sz-card{padding:20px 16px!important}}',
].join('\n')

const text: CSSProperties = {
	fontFamily: FONT,
	color: LIGHT.ink,
	fontSize: '16px',
	lineHeight: '24px',
	margin: '0 0 16px',
}
const small: CSSProperties = {
	fontFamily: FONT,
	color: LIGHT.muted,
	fontSize: '13px',
	lineHeight: '20px',
	margin: '0 0 8px',
}

/** A paragraph's single line breaks as <br>, which every client keeps (white-space is not). */
function lines(value: string): ReactNode {
	const parts = value.split('\n')
	return parts.map((part, index) => h(Fragment, { key: index }, index > 0 ? h('br') : null, part))
}

function detailsTable(rows: NonNullable<EmailContent['details']>) {
	return h(
		Section,
		{
			className: 'sz-panel',
			style: {
				backgroundColor: LIGHT.panel,
				border: `1px solid ${LIGHT.line}`,
				borderRadius: '8px',
				margin: '8px 0 24px',
				padding: '12px 16px',
			},
		},
		h(
			'table',
			{ role: 'presentation', width: '100%', cellPadding: 0, cellSpacing: 0, border: 0 },
			h(
				'tbody',
				null,
				rows.map((row, index) =>
					h(
						'tr',
						{ key: index },
						h(
							'th',
							{
								className: 'sz-muted',
								align: 'left',
								valign: 'top',
								style: { ...small, margin: 0, padding: '4px 12px 4px 0', fontWeight: 600 },
							},
							row.label,
						),
						h(
							'td',
							{
								className: 'sz-ink',
								valign: 'top',
								style: { ...text, margin: 0, fontSize: '15px', padding: '4px 0' },
							},
							lines(row.value),
						),
					),
				),
			),
		),
	)
}

function emailSection(section: EmailSection, index: number) {
	return h(
		Section,
		{ key: index, style: { margin: '0 0 8px' } },
		h(
			Heading,
			{
				as: 'h2',
				className: 'sz-ink',
				style: {
					fontFamily: FONT,
					color: LIGHT.ink,
					fontSize: '18px',
					lineHeight: '26px',
					margin: '8px 0 0',
				},
			},
			section.heading,
		),
		section.rows.length ? detailsTable(section.rows) : null,
		section.note ? h(Text, { className: 'sz-muted', style: small }, lines(section.note)) : null,
		section.link
			? h(
					Text,
					{ style: { ...text, margin: '0 0 16px' } },
					h(
						Link,
						{ href: section.link.url, className: 'sz-link', style: { color: LIGHT.accent, fontWeight: 600 } },
						section.link.label,
					),
				)
			: null,
	)
}

function emailDocument(content: EmailContent) {
	const { locale } = content
	const t = getFixedT(locale)
	const origin = getEnv().PUBLIC_URL
	const appName = t('appName')
	const home = `${origin}${localizePath('/', locale)}`
	const preview = content.paragraphs[0] ?? content.heading
	return h(
		Html,
		{ lang: locale },
		h(
			Head,
			null,
			h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
			h('meta', { name: 'color-scheme', content: 'light dark' }),
			h('meta', { name: 'supported-color-schemes', content: 'light dark' }),
			h('title', null, content.heading),
			h('style', { dangerouslySetInnerHTML: { __html: STYLE } }),
		),
		h(
			Body,
			{
				className: 'sz-page',
				style: { backgroundColor: LIGHT.page, fontFamily: FONT, margin: 0, padding: 0 },
			},
			h(Preview, null, preview.length > 140 ? `${preview.slice(0, 139)}…` : preview),
			h(
				Container,
				{ className: 'sz-outer', style: { maxWidth: '600px', padding: '24px 12px' } },
				h(
					Section,
					{ style: { padding: '0 4px 16px' } },
					h(
						Row,
						null,
						h(
							Column,
							{ style: { width: '56px' } },
							h(
								Link,
								{ href: home },
								h(Img, {
									src: `${origin}${EMAIL_LOGO_PATH}`,
									width: 48,
									height: 48,
									alt: appName,
									// Not "eager": React would add a <link rel="preload"> for it to the head.
									loading: 'lazy',
									style: { borderRadius: '12px' },
								}),
							),
						),
						h(
							Column,
							null,
							h(
								Link,
								{
									href: home,
									className: 'sz-ink',
									style: {
										fontFamily: FONT,
										color: LIGHT.ink,
										fontSize: '20px',
										fontWeight: 700,
										textDecoration: 'none',
									},
								},
								appName,
							),
						),
					),
				),
				h(
					Section,
					{
						className: 'sz-card',
						style: {
							backgroundColor: LIGHT.card,
							border: `1px solid ${LIGHT.line}`,
							borderRadius: '12px',
							padding: '28px 28px 12px',
						},
					},
					h(
						Heading,
						{
							as: 'h1',
							className: 'sz-ink',
							style: {
								fontFamily: FONT,
								color: LIGHT.ink,
								fontSize: '22px',
								lineHeight: '30px',
								margin: '0 0 16px',
							},
						},
						content.heading,
					),
					content.paragraphs.map((paragraph, index) =>
						h(Text, { key: index, className: 'sz-ink', style: text }, lines(paragraph)),
					),
					content.details?.length ? detailsTable(content.details) : null,
					content.sections?.map(emailSection) ?? null,
					content.action
						? h(
								Section,
								{ style: { margin: '8px 0 16px' } },
								h(
									Button,
									{
										href: content.action.url,
										className: 'sz-button',
										style: {
											fontFamily: FONT,
											backgroundColor: LIGHT.accent,
											color: LIGHT.accentInk,
											borderRadius: '8px',
											fontSize: '16px',
											fontWeight: 600,
											padding: '12px 20px',
											textDecoration: 'none',
										},
									},
									content.action.label,
								),
								h(
									Text,
									{ className: 'sz-muted', style: { ...small, margin: '16px 0 0', wordBreak: 'break-all' } },
									t('email.buttonFallback'),
									' ',
									h(
										Link,
										{ href: content.action.url, className: 'sz-link', style: { color: LIGHT.accent } },
										content.action.url,
									),
								),
							)
						: null,
				),
				h(
					Section,
					{ style: { padding: '8px 4px 0' } },
					h(Hr, { className: 'sz-line', style: { borderColor: LIGHT.line, margin: '8px 0 16px' } }),
					h(Text, { className: 'sz-muted', style: small }, lines(content.footer)),
					h(
						Text,
						{ className: 'sz-muted', style: small },
						h(Link, { href: home, className: 'sz-link', style: { color: LIGHT.accent } }, appName),
					),
				),
			),
		),
	)
}

/** The doctype @react-email/render puts before its output. */
const DOCTYPE =
	'<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">'

/** The e-mail's HTML part (synchronous; a few milliseconds, see docs/subsystems/email.md). */
export function renderEmailHtml(content: EmailContent): string {
	return DOCTYPE + renderToStaticMarkup(emailDocument(content))
}
