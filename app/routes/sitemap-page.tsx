import { useTranslation } from 'react-i18next'
import type { Route } from './+types/sitemap-page.ts'
import { listPublishedPlayroomLinks } from '#app/models/catalogue/catalogue-pages.server.ts'
import { allowPageCache } from '#app/render/page-cache.server.ts'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { CITY_SLUGS, INFO_PAGES, STATE_SLUGS } from '#app/utils/slugs.ts'

export async function loader({ context }: Route.LoaderArgs) {
	allowPageCache(context, 300)
	return { playrooms: listPublishedPlayroomLinks() }
}

/** /routes: the HTML sitemap of all public pages (PRODUCT.md §2), layout "routes". */
export default function SitemapPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const sections: { heading: string; links: { to: string; label: string }[] }[] = [
		{
			heading: t('routesPage.public'),
			links: [
				{ to: '/', label: t('pages.home') },
				{ to: '/playrooms', label: t('pages.playrooms') },
				{ to: '/playrooms/search', label: t('pages.playrooms/search') },
				{ to: '/playrooms/fixedPlace', label: t('pages.playrooms/fixedPlace') },
				{ to: '/playrooms/sorted/newest', label: t('pages.playrooms/sorted/newest') },
				{
					to: '/public/voucher-orders/new-voucher-order',
					label: t('pages.public/voucher-orders/new-voucher-order'),
				},
			],
		},
		{
			heading: t('routesPage.cities'),
			links: CITY_SLUGS.map((slug) => ({
				to: `/playrooms/cities/${slug}`,
				label: t(`places.cities.${slug}`),
			})),
		},
		{
			heading: t('routesPage.states'),
			links: STATE_SLUGS.map((slug) => ({
				to: `/playrooms/states/${slug}`,
				label: t(`places.states.${slug}`),
			})),
		},
		{
			heading: t('nav.playrooms'),
			links: loaderData.playrooms.map((p) => ({
				to: `/playrooms/${p.playroomUrlPath}`,
				label: `${p.name} (${p.city})`,
			})),
		},
		{
			heading: t('routesPage.info'),
			links: [
				...INFO_PAGES.map((slug) => ({ to: `/info/${slug}`, label: t(`pages.info/${slug}`) })),
				{ to: '/privacy-policy', label: t('routesPage.privacyPolicy') },
			],
		},
		{
			heading: t('routesPage.account'),
			links: [
				{ to: '/login', label: t('pages.login') },
				{ to: '/auth/register-guest', label: t('pages.auth/register-guest') },
				{ to: '/auth/register-host', label: t('pages.auth/register-host') },
			],
		},
	]
	return (
		<main id="main">
			<title>{`${t('routesPage.title')} | ${t('appName')}`}</title>
			<meta name="description" content={t('routesPage.description')} />
			<h1 className="mb-6 text-3xl font-bold">{t('routesPage.title')}</h1>
			<div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
				{sections.map((section) => (
					<section key={section.heading} className="card">
						<h2 className="mb-2 text-lg font-semibold">{section.heading}</h2>
						<ul className="flex flex-col gap-1">
							{section.links.map((link) => (
								<li key={link.to}>
									<LocaleLink to={link.to} className="link">
										{link.label}
									</LocaleLink>
								</li>
							))}
						</ul>
					</section>
				))}
			</div>
		</main>
	)
}
