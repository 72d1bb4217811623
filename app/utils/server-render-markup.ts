/**
 * The server render writes some of React Router's components' markup itself
 * (ADR 0122: `LocaleLink`, `LocaleNavLink`, `FetcherForm`): the same HTML,
 * without the router hooks each of them runs, which only matter in the
 * browser. In the browser they are React Router's components.
 *
 * RENDER_PATH=legacy (the benchmark's "before") keeps React Router's
 * components on the server too.
 */
export const inServerRender = typeof document === 'undefined' && process.env.RENDER_PATH !== 'legacy'

/**
 * An absolute path React Router writes unchanged as an `href` or form
 * `action`: no `//`, no `.`/`..` segments, no empty `?`/`#`, no trailing `/`.
 */
export const PLAIN_PATH = /^\/(?:[^/?#\s.][^/?#\s]*(?:\/[^/?#\s.][^/?#\s]*)*)?(?:\?[^#\s]+)?(?:#\S+)?$/
