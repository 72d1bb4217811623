/**
 * The shape of an entity id (db/schema/columns.ts makes them): 16 url-safe characters. No Node
 * imports here: schemas that run in the browser check ids with it too.
 */
export const ID_PATTERN = /^[A-Za-z0-9_-]{16}$/
