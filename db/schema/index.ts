// The whole schema, one file per domain. drizzle-kit reads this file.
export * from './users.ts'
export * from './platform.ts'
export * from './impersonation.ts'
