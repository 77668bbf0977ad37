import type { FastifyRequest } from 'fastify';
import { ACCOUNT_ERR } from '@saathchalo/shared';
import { badRequest } from '../../lib/errors.js';

/**
 * The one file of a multipart upload, read whole. Whatever goes wrong while reading it is the client's
 * body (too large, not multipart, cut off or malformed), so it is a 400 in words, never a 500.
 */
export async function receivePicture(request: FastifyRequest): Promise<{ buffer: Buffer; mimetype: string }> {
  let upload: { buffer: Buffer; mimetype: string } | undefined;
  try {
    const file = await request.file();
    if (file) upload = { buffer: await file.toBuffer(), mimetype: file.mimetype };
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw badRequest(ACCOUNT_ERR.pictureTooLarge);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest(ACCOUNT_ERR.pictureMissing);
    request.log.info({ err }, 'multipart upload unreadable');
    throw badRequest(ACCOUNT_ERR.pictureIncomplete);
  }
  if (!upload) throw badRequest(ACCOUNT_ERR.pictureMissing);
  return upload;
}
