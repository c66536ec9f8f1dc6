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

/**
 * A pattern matching any text that starts with `text`.
 * @example ilike(users.email, startingWith('casey')) // 'casey%'
 */
export function startingWith(text: string) {
  return `${escapeLike(text)}%`
}

/**
 * A pattern matching `text` itself only, for a case-blind comparison with `ilike`.
 * @example ilike(products.title, exactly('50% off')) // '50\% off'
 */
export function exactly(text: string) {
  return escapeLike(text)
}
