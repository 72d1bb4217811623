import { createHash } from 'node:crypto'
import type { Locale } from '#app/utils/locale.ts'
import { de } from './de/index.ts'
import { en } from './en/index.ts'

/** All translations. Server-only: the browser loads them from /_i18n/… (see app/i18n.ts). */
export const resources = { de, en } satisfies Record<Locale, typeof de | typeof en>

export type Namespace = keyof typeof de
export const NAMESPACES = Object.keys(de) as Namespace[]

/**
 * Version of the message catalogue, part of the messages URL so browsers can
 * cache it for 24 hours and still get new texts after a deploy.
 */
export const MESSAGES_VERSION = createHash('sha256')
	.update(JSON.stringify(resources))
	.digest('hex')
	.slice(0, 12)
