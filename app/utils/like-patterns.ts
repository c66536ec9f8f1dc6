// LIKE patterns for what an admin or a visitor types in a search box: `%` and `_` typed are
// searched for as themselves, so a search for "50%" finds the text "50%".

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/**
 * A pattern matching any text that contains `text`.
 * @example ilike(products.title, containing('50%')) // '%50\%%'
 */
export function containing(text: string) {
  return `%${escapeLike(text)}%`
}
