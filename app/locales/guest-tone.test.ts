import { describe, expect, test } from 'vitest'
import { resources } from './resources.server.ts'

/**
 * Issue 31.15: the German guest area says "du" (the project's tone for guests
 * and hosts); the waitlist mixed "Sie" into it. Every German text a guest
 * reads — the guest's pages, the booking and its e-mails, the waitlist, the
 * account, the login, the catalogue and the shared texts — has no formal
 * address ("Sie", "Ihnen", "Ihr …").
 */
type Tree = { [key: string]: string | Tree }

function leaves(tree: Tree, prefix = ''): [string, string][] {
	return Object.entries(tree).flatMap(([key, value]) => {
		const path = prefix ? `${prefix}.${key}` : key
		return typeof value === 'string' ? [[path, value] as [string, string]] : leaves(value, path)
	})
}

const GUEST_NAMESPACES = [
	'common',
	'booking',
	'waitlist',
	'ratings',
	'account',
	'auth',
	'catalogue',
	'consent',
	'chat',
	'vouchers',
] as const
const FORMAL = /\b(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b/

describe('the German guest area says "du"', () => {
	test.each(GUEST_NAMESPACES)('%s has no "Sie"', (namespace) => {
		const tree = (resources.de as unknown as Record<string, Tree>)[namespace]
		expect(tree, namespace).toBeDefined()
		const formal = leaves(tree ?? {}).filter(([, text]) => FORMAL.test(text))
		expect(formal).toEqual([])
	})
})
