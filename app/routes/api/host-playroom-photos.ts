import {
	addPhotos,
	deletePhoto,
	listEditorPhotos,
	reorderPhotos,
	updatePhotoAlt,
} from '#app/models/host-office/host-photos.server.ts'
import { MAX_UPLOAD_MB } from '#app/models/catalogue/images.server.ts'
import { requireManageablePlayroom } from '#app/models/host-office/playroom-access.server.ts'
import { photoAltSchema, photoOrderSchema } from '#app/schemas/host-editor.ts'
import { apiHandler, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { readFormData } from '#app/utils/multipart.server.ts'
import { keepPageCache } from '#app/render/page-cache.server.ts'

/**
 * /api/Owner/Playrooms/:playroomId/Photos (GET list, POST multipart `photos`
 * upload, PUT { photoIds } order) and …/Photos/:photoId (PUT { altDe, altEn },
 * DELETE). Same model as the editor page; host or admin, 404 for anyone else.
 */
const MAX_UPLOAD_REQUEST_BYTES = 4 * MAX_UPLOAD_MB * 1024 * 1024 + 1024 * 1024

export const loader = apiHandler(async (args) => {
	const user = await requireRole(args, 'Owner', 'Admin')
	const playroom = requireManageablePlayroom(user, args.params.playroomId)
	if (args.params.photoId) methodNotAllowed()
	return listEditorPhotos(playroom.id)
})

export const action = apiHandler(async (args) => {
	const user = await requireRole(args, 'Owner', 'Admin')
	const playroom = requireManageablePlayroom(user, args.params.playroomId)
	const method = args.request.method
	const photoId = args.params.photoId
	if (photoId && method === 'DELETE') deletePhoto(user, playroom.id, photoId)
	else if (photoId && (method === 'PUT' || method === 'PATCH')) {
		updatePhotoAlt(user, playroom.id, photoId, await parseJsonBody(photoAltSchema, args.request))
	} else if (!photoId && method === 'POST') {
		const form = await readFormData(args.request, MAX_UPLOAD_REQUEST_BYTES)
		const files = form
			.getAll('photos')
			.filter((value): value is File => value instanceof File && value.size > 0)
		await addPhotos(
			user,
			playroom.id,
			await Promise.all(
				files.map(async (file) => ({ name: file.name, bytes: Buffer.from(await file.arrayBuffer()) })),
			),
		)
	} else if (!photoId && method === 'PUT') {
		reorderPhotos(user, playroom.id, (await parseJsonBody(photoOrderSchema, args.request)).photoIds)
	} else methodNotAllowed()
	if (playroom.status !== 'Published') keepPageCache(args.context)
	return listEditorPhotos(playroom.id)
})
