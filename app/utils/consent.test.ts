import { describe, expect, test } from 'vitest'
import { consentAllows, CONSENT_REVISION, NO_CONSENT, parseConsent } from './consent.ts'

const record = (categories: string[], revision = CONSENT_REVISION) =>
	JSON.stringify({
		categories,
		level: categories,
		revision,
		data: null,
		rfc_cookie: true,
		consent_date: '2026-11-20T10:00:00.000Z',
		consent_uuid: '7d1c7f1e-1b3a-4c55-8a8b-5b3f3f3f3f3f',
		last_consent_update: '2026-11-20T10:00:00.000Z',
	})

describe('consent record (cc_cookie)', () => {
	test('reads the categories of the current revision, raw or URI-encoded (rfc_cookie)', () => {
		expect(parseConsent(record(['necessary', 'analytics']))).toEqual({
			decided: true,
			categories: ['necessary', 'analytics'],
		})
		expect(parseConsent(encodeURIComponent(record(['functional'])))).toEqual({
			decided: true,
			categories: ['necessary', 'functional'],
		})
	})

	test('no cookie, another revision, or garbage: not decided, necessary only (the banner asks)', () => {
		expect(parseConsent(undefined)).toBe(NO_CONSENT)
		expect(parseConsent(record(['necessary', 'functional', 'analytics'], CONSENT_REVISION + 1))).toBe(
			NO_CONSENT,
		)
		expect(parseConsent('{not json')).toBe(NO_CONSENT)
		expect(parseConsent(JSON.stringify({ revision: CONSENT_REVISION }))).toBe(NO_CONSENT)
	})

	test('maps need functional consent; analytics needs analytics and functional', () => {
		const state = (categories: string[]) => parseConsent(record(categories))
		expect(consentAllows(state(['necessary']), 'maps')).toBe(false)
		expect(consentAllows(state(['necessary', 'functional']), 'maps')).toBe(true)
		expect(consentAllows(state(['necessary', 'analytics']), 'analytics')).toBe(false)
		expect(consentAllows(state(['necessary', 'functional']), 'analytics')).toBe(false)
		expect(consentAllows(state(['necessary', 'functional', 'analytics']), 'analytics')).toBe(true)
		expect(consentAllows(NO_CONSENT, 'maps')).toBe(false)
	})
})
