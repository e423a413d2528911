import * as z from 'zod/mini';

/**
 * The check that goes before any pattern on a field: a longer value is refused (and the checks
 * after it are skipped), so no pattern ever runs on a megabyte of hostile text.
 */
export const lengthFirst = (max: number, message: string) => z.maxLength(max, { error: message, abort: true });

/**
 * Characters no one types into a name and that make text look like other text: control characters
 * and the invisible format ones (zero-width spaces and joiners, bidi overrides that show a file
 * name reversed, the byte-order mark). One character class, so the pattern is linear.
 */
const HIDDEN = /[\p{Cc}\p{Cf}]/u;
const HIDDEN_CHARACTERS_MESSAGE = 'Please use letters, numbers and ordinary punctuation only';

/**
 * The checks of a one-line name after its length: compatibility forms folded into plain ones
 * (NFKC: full-width letters, ligatures), and hidden characters refused.
 */
export const plainName = () =>
  [z.normalize('NFKC'), z.refine<string>((v) => !HIDDEN.test(v), HIDDEN_CHARACTERS_MESSAGE)] as const;
