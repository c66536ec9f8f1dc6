/** How many rows of each kind one run adds: the products asked for, the rest in proportion. */
export type ScaleCounts = {
  products: number
  customers: number
  orders: number
  reviews: number
  quotes: number
}

export type SeedScaleOptions = { counts: ScaleCounts; force: boolean }

export const DEFAULT_PRODUCTS = 100_000

/** Past this the orders' numbers and the run's time leave what the seed was built and measured for. */
const MAX_PRODUCTS = 1_000_000

/** Thrown for a command line the seed does not understand; the message says what it takes. */
export class UsageError extends Error {
  name = 'UsageError'
}

export const USAGE =
  'Usage: npm run seed:scale -- [--products N] [--force]   (DATABASE_URL must name a PostgreSQL database)'

/**
 * The shop a run makes from `--products N` (default 100,000): half as many customers, ten orders,
 * two reviews and one quote per product, so `--products 1000` is the small comparison shop.
 * @example scaleCounts(1000) // { products: 1000, customers: 500, orders: 10000, reviews: 2000, quotes: 1000 }
 */
export function scaleCounts(products: number): ScaleCounts {
  return {
    products,
    customers: Math.max(1, Math.round(products / 2)),
    orders: products * 10,
    reviews: products * 2,
    quotes: products,
  }
}

/**
 * Reads the command line (`--products N`, `--products=N`, `--force`).
 * @example parseSeedOptions(['--products', '1000']) // { counts: scaleCounts(1000), force: false }
 */
export function parseSeedOptions(args: readonly string[]): SeedScaleOptions {
  let products = DEFAULT_PRODUCTS
  let force = false
  for (let index = 0; index < args.length; index++) {
    const [name, inline] = args[index].split(/=(.*)/s, 2)
    if (name === '--force' && inline === undefined) {
      force = true
    } else if (name === '--products') {
      const value = inline ?? args[++index]
      if (value === undefined || !/^\d+$/.test(value)) throw new UsageError(`--products needs a whole number. ${USAGE}`)
      products = Number(value)
      if (products < 1 || products > MAX_PRODUCTS) {
        throw new UsageError(`--products must be from 1 to ${MAX_PRODUCTS.toLocaleString('en-US')}. ${USAGE}`)
      }
    } else {
      throw new UsageError(`Unknown option ${args[index]}. ${USAGE}`)
    }
  }
  return { counts: scaleCounts(products), force }
}
