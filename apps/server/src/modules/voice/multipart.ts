import { AppError } from '../../core/errors.ts';

/** One part of a multipart/form-data body: its field name, file name if any, and bytes. */
export interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer;
}

/**
 * The parts of a multipart/form-data body (RFC 7578), read from the whole body (the route's parser
 * has already bounded its size). A body that is not well-formed multipart is a 400.
 */
export function parseMultipart(contentType: string, body: Buffer): Part[] {
  const m = /^multipart\/form-data\s*;.*?boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary)
    throw new AppError('VALIDATION', 'Send multipart/form-data with the fields file (a WAV) and user_id.');
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) throw new AppError('VALIDATION', 'The multipart body has no parts.');
  while (at >= 0) {
    at += delimiter.length;
    if (body.toString('ascii', at, at + 2) === '--') break; // the closing delimiter
    if (body.toString('ascii', at, at + 2) === '\r\n') at += 2;
    const headerEnd = body.indexOf('\r\n\r\n', at);
    if (headerEnd < 0) throw new AppError('VALIDATION', 'A multipart part has no end of headers.');
    const headers = body.toString('utf8', at, headerEnd);
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headerEnd + 4);
    if (next < 0) throw new AppError('VALIDATION', 'The multipart body is not closed.');
    const disposition = /content-disposition:\s*form-data\s*;([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /(?:^|;)\s*name="([^"]*)"/i.exec(disposition)?.[1];
    const filename = /(?:^|;)\s*filename="([^"]*)"/i.exec(disposition)?.[1];
    const type = /content-type:\s*([^\r\n;]+)/i.exec(headers)?.[1]?.trim().toLowerCase();
    if (name !== undefined)
      parts.push({
        name,
        ...(filename !== undefined ? { filename } : {}),
        ...(type ? { type } : {}),
        data: body.subarray(headerEnd + 4, next),
      });
    at = next + 2;
    if (parts.length > 16) throw new AppError('VALIDATION', 'The multipart body has too many parts.');
  }
  return parts;
}
