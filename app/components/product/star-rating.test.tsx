import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { StarRating } from './star-rating.tsx'

const filledWidth = (html: string) => Number(/<rect width="([\d.]+)"/.exec(html)?.[1])

test.each([
  [0, 'Rated 0.0 out of 5', 0],
  [1, 'Rated 1.0 out of 5', 26],
  [3.5, 'Rated 3.5 out of 5', 90],
  [5, 'Rated 5.0 out of 5', 128],
  [7, 'Rated 5.0 out of 5', 128],
  [-2, 'Rated 0.0 out of 5', 0],
  [Number.NaN, 'Rated 0.0 out of 5', 0],
])('a rating of %s is named “%s” and fills %s of 128 units', (rating, name, width) => {
  const html = renderToStaticMarkup(<StarRating rating={rating} />)
  expect(html).toContain(`aria-label="${name}"`)
  expect(filledWidth(html)).toBeCloseTo(width)
})

test('draws the star once and repeats it, with ids of its own per rating', () => {
  const html = renderToStaticMarkup(
    <>
      <StarRating rating={4} />
      <StarRating rating={2} />
    </>,
  )
  expect(html.match(/<path /g)).toHaveLength(2)
  expect(html.match(/<use /g)).toHaveLength(20)
  const ids = [...html.matchAll(/<path id="([^"]+)"/g)].map(([, id]) => id)
  expect(new Set(ids).size).toBe(2)
})
