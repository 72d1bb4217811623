import { catalogue } from './catalogue.ts'
import { common } from './common.ts'

/** German resources, one entry per namespace. German is the source language. */
export const de = { common, catalogue }
