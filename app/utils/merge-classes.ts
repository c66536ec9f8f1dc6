// Tailwind class merging for cn(): a later utility replaces an earlier one of the same kind
// (`px-4` then `px-2` keeps `px-2`; `p-4` then `px-2` keeps both, `px-2` then `p-4` keeps `p-4`),
// per variant (`hover:`, `sm:`…) and important mark. tailwind-merge does this for every utility
// Tailwind has, and its table was 8 KB of the 130 KB every page may load (decision 036); this knows
// the kinds the shop uses. merge-classes.test.ts checks it against tailwind-merge on every pair of
// utilities the shop's source names, so a new kind of override shows up there.

const SIZES = /^(xs|sm|base|md|lg|xl|\d?xl|none|full|inner)$/
const LENGTH = /^(\d|px$|\[\d|\[calc|\(--)/
const keyword = (words: string) => new Set(words.split(' '))

// Utilities whose whole name is their value, each with the kind it belongs to.
const WHOLE: Record<string, string> = {}
for (const [kind, words] of [
  [
    'display',
    'block inline-block inline flex inline-flex table inline-table table-caption table-cell table-column table-row flow-root grid inline-grid contents list-item hidden',
  ],
  ['position', 'static fixed absolute relative sticky'],
  ['visibility', 'visible invisible collapse'],
  ['case', 'uppercase lowercase capitalize normal-case'],
  ['decoration-line', 'underline overline line-through no-underline'],
  ['style', 'italic not-italic'],
  ['sr', 'sr-only not-sr-only'],
  ['overflow-text', 'truncate text-ellipsis text-clip'],
  ['smoothing', 'antialiased subpixel-antialiased'],
  ['shadow', 'shadow'],
  ['border-w', 'border'],
  ['rounded', 'rounded'],
  ['ring-w', 'ring'],
  ['ring-inset', 'ring-inset'],
  ['outline-w', 'outline'],
  ['transition', 'transition'],
  ['grow', 'grow'],
  ['shrink', 'shrink'],
] as const) {
  for (const word of words.split(' ')) WHOLE[word] = kind
}

const TEXT_ALIGN = keyword('left center right justify start end')
const TEXT_WRAP = keyword('wrap nowrap balance pretty')
const BORDER_STYLE = keyword('solid dashed dotted double hidden none')
const OUTLINE_STYLE = keyword('solid dashed dotted double hidden none')
const FONT_WEIGHT = keyword('thin extralight light normal medium semibold bold extrabold black')
const FONT_FAMILY = keyword('sans serif mono')
const BG_SIZE = keyword('auto cover contain')
const BG_POSITION = keyword('bottom center left left-bottom left-top right right-bottom right-top top')
const OBJECT_FIT = keyword('contain cover fill none scale-down')
const SIDES = /^(x|y|t|r|b|l|s|e|tl|tr|br|bl|ss|se|es|ee)$/

/** The kind of a utility without its variants, e.g. `px-2` → `px`, `text-sm` → `font-size`. */
function kindOf(utility: string): string {
  const whole = WHOLE[utility.split('/')[0]]
  if (whole) return whole
  const name = utility.startsWith('-') ? utility.slice(1) : utility
  const dash = name.indexOf('-')
  // A word of the shop's own (`group`, `prose`) is never replaced.
  if (dash === -1) return `=${name}`
  const head = name.slice(0, dash)
  const value = name.slice(dash + 1)
  switch (head) {
    case 'text':
      if (SIZES.test(value.split('/')[0]) || /^\[\d/.test(value)) return 'font-size'
      if (TEXT_ALIGN.has(value)) return 'text-align'
      if (TEXT_WRAP.has(value)) return 'text-wrap'
      return 'text-color'
    case 'font':
      if (FONT_WEIGHT.has(value)) return 'font-weight'
      if (FONT_FAMILY.has(value)) return 'font-family'
      return 'font'
    case 'bg':
      if (BG_SIZE.has(value)) return 'bg-size'
      if (BG_POSITION.has(value)) return 'bg-position'
      if (value === 'none' || value.startsWith('linear') || value.startsWith('radial')) return 'bg-image'
      return 'bg-color'
    case 'border':
    case 'rounded':
    case 'ring':
    case 'outline':
    case 'shadow':
    case 'stroke':
      return kindWithSides(head, value)
    case 'flex':
      if (/^(row|col)/.test(value)) return 'flex-direction'
      if (/^(wrap|nowrap)/.test(value)) return 'flex-wrap'
      return 'flex'
    case 'justify':
    case 'place':
      return /^(self|items|content)-/.test(value) ? `${head}-${value.split('-')[0]}` : head
    case 'grid':
    case 'col':
    case 'row':
    case 'gap':
    case 'space':
    case 'inset':
    case 'min':
    case 'max':
    case 'overflow':
    case 'scroll':
    case 'translate':
    case 'line':
    case 'object':
    case 'divide':
    case 'ring-offset':
      return twoPart(head, value)
    default:
      return head
  }
}

function twoPart(head: string, value: string) {
  if (head === 'object') return OBJECT_FIT.has(value) ? 'object-fit' : 'object-position'
  if (head === 'line') return value.startsWith('clamp') ? 'line-clamp' : 'line'
  const second = value.split('-')[0]
  if (head === 'gap' || head === 'inset' || head === 'overflow')
    return /^[xy]$/.test(second) ? `${head}-${second}` : head
  if (head === 'scroll') return `scroll-${second}`
  return `${head}-${second}`
}

function kindWithSides(head: string, value: string) {
  const [first, ...rest] = value.split('-')
  const side = SIDES.test(first) ? `-${first}` : ''
  const own = side ? rest.join('-') : value
  if (head === 'rounded') return `rounded${side}`
  if (head === 'border') {
    if (own === '' || LENGTH.test(own)) return `border-w${side}`
    if (BORDER_STYLE.has(own)) return 'border-style'
    if (own === 'collapse' || own === 'separate') return 'border-collapse'
    return `border-color${side}`
  }
  if (head === 'ring' || head === 'outline' || head === 'stroke') {
    if (own.startsWith('offset')) return `${head}-offset${/^offset-\d/.test(own) ? '' : '-color'}`
    if (head === 'outline' && OUTLINE_STYLE.has(own)) return 'outline-style'
    if (/^(\d|\[\d)/.test(own)) return `${head}-w`
    return `${head}-color`
  }
  // shadow
  return SIZES.test(own) ? 'shadow' : 'shadow-color'
}

// Kinds that a kind replaces besides itself: `p-4` wins over an earlier `px-2`, not the reverse.
const REPLACES: Record<string, string[]> = {
  p: ['px', 'py', 'ps', 'pe', 'pt', 'pr', 'pb', 'pl'],
  px: ['pr', 'pl', 'ps', 'pe'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'ms', 'me', 'mt', 'mr', 'mb', 'ml'],
  mx: ['mr', 'ml', 'ms', 'me'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left', 'start', 'end'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  gap: ['gap-x', 'gap-y'],
  overflow: ['overflow-x', 'overflow-y'],
  flex: ['basis', 'grow', 'shrink'],
  'scroll-m': ['scroll-mx', 'scroll-my', 'scroll-mt', 'scroll-mr', 'scroll-mb', 'scroll-ml'],
  'scroll-my': ['scroll-mt', 'scroll-mb'],
  'scroll-mx': ['scroll-ml', 'scroll-mr'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  rounded: ['rounded-s', 'rounded-e', 'rounded-t', 'rounded-r', 'rounded-b', 'rounded-l'].concat(
    'ss se ee es tl tr br bl'.split(' ').map((corner) => `rounded-${corner}`),
  ),
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-b': ['rounded-bl', 'rounded-br'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'border-w': [
    'border-w-x',
    'border-w-y',
    'border-w-t',
    'border-w-r',
    'border-w-b',
    'border-w-l',
    'border-w-s',
    'border-w-e',
  ],
  'border-w-x': ['border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'border-color': [
    'border-color-x',
    'border-color-y',
    'border-color-t',
    'border-color-r',
    'border-color-b',
    'border-color-l',
  ],
}

/** Splits `md:hover:!px-2` into its variants (`hover:md:`, sorted) and the utility. */
function parse(token: string) {
  let depth = 0
  let start = 0
  const variants: string[] = []
  for (let index = 0; index < token.length; index++) {
    const char = token[index]
    if (char === '[' || char === '(') depth++
    else if (char === ']' || char === ')') depth--
    else if (char === ':' && depth === 0) {
      variants.push(token.slice(start, index))
      start = index + 1
    }
  }
  let utility = token.slice(start)
  let important = ''
  if (utility.startsWith('!') || utility.endsWith('!')) {
    important = '!'
    utility = utility.startsWith('!') ? utility.slice(1) : utility.slice(0, -1)
  }
  // Arbitrary variants keep their order; named ones do not matter in order.
  return { prefix: `${variants.sort().join(':')}${important}:`, utility }
}

/**
 * Merged strings by their input. A page renders the same components' class strings hundreds of
 * times, and merging one anew cost about a fifth of a back-office render's server time; like
 * tailwind-merge's own cache, it is bounded (the entry stored first goes first).
 */
const merged = new Map<string, string>()
const MERGED_KEPT = 1000

export function mergeClasses(classes: string): string {
  const known = merged.get(classes)
  if (known !== undefined) return known
  const result = mergeUncached(classes)
  if (merged.size >= MERGED_KEPT) merged.delete(merged.keys().next().value as string)
  merged.set(classes, result)
  return result
}

function mergeUncached(classes: string): string {
  const tokens = classes.split(/\s+/).filter(Boolean)
  const taken = new Set<string>()
  const kept: string[] = []
  for (let index = tokens.length - 1; index >= 0; index--) {
    const token = tokens[index]
    const { prefix, utility } = parse(token)
    // An arbitrary property (`[mask-type:luminance]`) is its own kind.
    const kind = utility.startsWith('[') ? utility.slice(0, utility.indexOf(':')) : kindOf(utility)
    const key = prefix + kind
    if (taken.has(key)) continue
    taken.add(key)
    for (const replaced of REPLACES[kind] ?? []) taken.add(prefix + replaced)
    kept.push(token)
  }
  return kept.reverse().join(' ')
}
