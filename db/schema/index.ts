// The whole schema, one file per domain. drizzle-kit reads this file.
export * from './users.ts'
export * from './platform.ts'
export * from './catalogue.ts'
export * from './orders.ts'
export * from './payments.ts'
export * from './content.ts'
export * from './tracking.ts'
export * from './impersonation.ts'
