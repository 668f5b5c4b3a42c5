/** `text` for a LIKE pattern, its wildcards taken literally: `%`, `_` and the escape `\` itself. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

/** A LIKE pattern matching values that contain `text`. */
export const containing = (text: string): string => `%${escapeLike(text)}%`;
