import { useTranslation } from 'react-i18next'
import type { PageMeta as PageMetaData } from '#app/models/catalogue/seo.server.ts'

/**
 * Title, description, Open Graph and JSON-LD of a page, as its loader built
 * them (app/models/catalogue/seo.server.ts). React hoists title and meta into <head>.
 */
export function PageMeta({ meta }: { meta: PageMetaData }) {
	const { t } = useTranslation()
	const og = (property: string, content: string | number) => (
		<meta property={property} content={String(content)} />
	)
	return (
		<>
			<title>{`${meta.title} | ${t('appName')}`}</title>
			<meta name="description" content={meta.description} />
			{meta.noindex ? <meta name="robots" content="noindex" /> : null}
			{og('og:title', meta.title)}
			{og('og:description', meta.description)}
			{og('og:url', meta.url)}
			{og('og:type', meta.type)}
			{og('og:site_name', t('appName'))}
			{og('og:locale', meta.locale === 'en' ? 'en_US' : 'de_DE')}
			{og('og:locale:alternate', meta.locale === 'en' ? 'de_DE' : 'en_US')}
			{meta.image ? (
				<>
					{og('og:image', meta.image.url)}
					{og('og:image:width', meta.image.width)}
					{og('og:image:height', meta.image.height)}
					{og('og:image:alt', meta.image.alt)}
				</>
			) : null}
			<meta name="twitter:card" content={meta.image ? 'summary_large_image' : 'summary'} />
			{meta.jsonLd ? (
				<script type="application/ld+json" dangerouslySetInnerHTML={{ __html: meta.jsonLd }} />
			) : null}
		</>
	)
}
