import type { Locale } from '#app/utils/locale.ts'
import type { LooseT } from '#app/utils/loose-t.ts'
import type { getPlayroomDetail } from './playrooms.server.ts'
import { markdownToText } from './content.server.ts'
import { absoluteUrl } from './seo.server.ts'

type Detail = ReturnType<typeof getPlayroomDetail>

const UNIT_CODES = { Hourly: 'HUR', Daily: 'DAY', Overnight: 'DAY' } as const

/**
 * JSON-LD of a playroom page: a schema.org LocalBusiness with address,
 * coordinates, photos, the aggregate rating, the latest reviews and one Offer
 * per booking type (the lower of the weekday and weekend price, in euros).
 */
export function playroomJsonLd(detail: Detail, t: LooseT, locale: Locale) {
	const url = absoluteUrl(`/playrooms/${detail.playroomUrlPath}`, locale)
	const prices = detail.bookingTypes.map((b) => Math.min(b.weekdayPrice, b.weekendPrice))
	const euros = (cents: number) => (cents / 100).toFixed(2)
	return {
		'@type': 'LocalBusiness',
		'@id': `${url}#playroom`,
		name: detail.name,
		description: markdownToText(detail.description),
		url,
		image: detail.photos.map((p) => absoluteUrl(p.ogUrl)),
		address: {
			'@type': 'PostalAddress',
			streetAddress: detail.address.street ?? undefined,
			postalCode: detail.address.postalCode ?? undefined,
			addressLocality: detail.address.city,
			addressCountry: 'DE',
		},
		geo: { '@type': 'GeoCoordinates', latitude: detail.lat, longitude: detail.lng },
		...(prices.length
			? { priceRange: `${euros(Math.min(...prices))}–${euros(Math.max(...prices))} EUR` }
			: {}),
		...(detail.rating.count > 0 && detail.rating.average !== null
			? {
					aggregateRating: {
						'@type': 'AggregateRating',
						ratingValue: detail.rating.average,
						reviewCount: detail.rating.count,
						bestRating: 5,
						worstRating: 1,
					},
					review: detail.ratings.slice(0, 3).map((r) => ({
						'@type': 'Review',
						reviewRating: { '@type': 'Rating', ratingValue: r.stars, bestRating: 5, worstRating: 1 },
						author: { '@type': 'Person', name: r.guestName },
						datePublished: r.createdAt.slice(0, 10),
						...(r.comment ? { reviewBody: r.comment } : {}),
					})),
				}
			: {}),
		makesOffer: detail.bookingTypes.map((b) => {
			const price = euros(Math.min(b.weekdayPrice, b.weekendPrice))
			return {
				'@type': 'Offer',
				name: t(`catalogue:bookingTypes.${b.bookingType}`),
				url,
				price,
				priceCurrency: 'EUR',
				availability: 'https://schema.org/InStock',
				priceSpecification: {
					'@type': 'UnitPriceSpecification',
					price,
					priceCurrency: 'EUR',
					unitCode: UNIT_CODES[b.bookingType],
					unitText: t(
						`catalogue:units.${b.bookingType === 'Hourly' ? 'hour' : b.bookingType === 'Daily' ? 'day' : 'night'}`,
					),
					valueAddedTaxIncluded: true,
				},
			}
		}),
	}
}
