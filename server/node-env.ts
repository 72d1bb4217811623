/**
 * Imported first by server/index.ts, before anything that loads React. React (CommonJS) picks its
 * development or production build from NODE_ENV once, when first required, and the server's own
 * imports reach it early (page-cache.ts → app/utils/consent.ts → react). Set in server/index.ts's
 * body, NODE_ENV came after that: `npm start` without NODE_ENV then mixed React's development
 * build with React DOM's production server and every page failed.
 */
process.env.NODE_ENV ??= process.argv.includes('--dev') ? 'development' : 'production'
