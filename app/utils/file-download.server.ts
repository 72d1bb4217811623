/**
 * A private file download (PDF, XML, CSV, .ics): the browser saves it under `fileName`, nothing on the
 * way keeps a copy (it is one user's data). One place for the headers every download route sends.
 */
export function fileDownload(
	body: BodyInit,
	{
		fileName,
		contentType,
		headers = {},
	}: { fileName: string; contentType: string; headers?: Record<string, string> },
): Response {
	return new Response(body, {
		headers: {
			'Content-Type': contentType,
			'Content-Disposition': `attachment; filename="${fileName}"`,
			'Cache-Control': 'private, no-store',
			...headers,
		},
	})
}
