import type { TranslationShape } from '../types.ts'
import type { de } from '../de/index.ts'
import { catalogue } from './catalogue.ts'
import { common } from './common.ts'

export const en: TranslationShape<typeof de> = { common, catalogue }
