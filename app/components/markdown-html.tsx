import type { Locale } from '#app/utils/locale.ts'

/**
 * A listing's Markdown as the one renderer made it (`renderMarkdown`,
 * app/models/catalogue/content.server.ts: markdown-it without raw HTML, unsafe
 * link schemes refused). The host editor's preview and the public playroom page
 * show it through this one block (issue 31.1), so guests see what the preview
 * showed. `lang` marks a text shown in the other language (issue 31.5).
 */
export function MarkdownHtml({
	html,
	lang,
	className = '',
	testId,
}: {
	html: string
	lang?: Locale
	className?: string
	testId?: string
}) {
	return (
		<div
			className={`markdown-text ${className}`.trim()}
			lang={lang}
			data-testid={testId}
			dangerouslySetInnerHTML={{ __html: html }}
		/>
	)
}
