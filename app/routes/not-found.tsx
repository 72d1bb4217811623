import { notFound } from '#app/utils/route-params.server.ts'

/** Paths that look like generated artefacts (PRODUCT.md §2) and unknown paths inside an area: 404. */
export async function loader() {
	throw notFound()
}

export default function NotFound() {
	return null
}
