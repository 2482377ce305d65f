import { z } from 'zod';

/** Every /api/v1 answer, errors included, has this shape (spec section 3). */
export interface ApiResponse<T> {
  data: T | null;
  isSuccess: boolean;
  message: string;
  statusCode: number;
}

export const apiResponseSchema = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ data: data.nullable(), isSuccess: z.boolean(), message: z.string(), statusCode: z.number() });

export function ok<T>(data: T, message = 'OK', statusCode = 200): ApiResponse<T> {
  return { data, isSuccess: true, message, statusCode };
}

export function fail(message: string, statusCode = 500, data: unknown = null): ApiResponse<unknown> {
  return { data, isSuccess: false, message, statusCode };
}

/**
 * What a client gets of a route answering a file instead of the wrapper (`responseKind`, http.ts):
 * the bytes, and the file name the server suggests (Content-Disposition), if any.
 */
export const fileAnswerSchema = z.object({ blob: z.instanceof(Blob), fileName: z.string().nullable() });
export type FileAnswer = z.infer<typeof fileAnswerSchema>;
/** A `binary` answer: the file, or null for 204 (there is none). */
export const binaryFileSchema = fileAnswerSchema.nullable();
/** A `csv` answer: a CSV download. */
export const csvFileSchema = fileAnswerSchema;
