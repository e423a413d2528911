import * as z from 'zod/mini';

/**
 * The check that goes before any pattern on a field: a longer value is refused (and the checks
 * after it are skipped), so no pattern ever runs on a megabyte of hostile text (issue #14).
 */
export const lengthFirst = (max: number, message: string) => z.maxLength(max, { error: message, abort: true });
