import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { expect, test } from 'vitest'
import { ProductCard, type ProductCardProduct } from '#app/components/product/product-card.tsx'
import { ContentImage } from './content-image.tsx'
import { ResponsiveImage } from './responsive-image.tsx'

const key = 'products/abc/1.3f9a0c12d4e5b6a7.webp'

/** Each tag's attributes by lower-case name (HTML's are case-blind), in document order. */
function tags(html: string, name: string) {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))].map(([, attributes]) =>
    Object.fromEntries(
      [...attributes.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, n, v]) => [
        n.toLowerCase(),
        v.replaceAll('&amp;', '&'),
      ]),
    ),
  )
}

const widthsOf = (srcset: string) => srcset.split(', ').map((candidate) => Number(candidate.split(' ')[1].slice(0, -1)))

test('a stored picture is offered as AVIF and WebP in several widths, with its frame’s size', () => {
  const html = renderToStaticMarkup(
    <ResponsiveImage source={key} alt="A phone mount" width={640} height={480} sizes="100vw" />,
  )
  const [source] = tags(html, 'source')
  const [img] = tags(html, 'img')
  expect(source.type).toBe('image/avif')
  expect(
    source.srcset
      .split(', ')
      .every((candidate) => candidate.includes(`/images/${key}?w=`) && candidate.includes('&f=avif')),
  ).toBe(true)
  expect(widthsOf(source.srcset).length).toBeGreaterThanOrEqual(4)
  expect(source.sizes).toBe('100vw')
  expect(img.srcset).not.toContain('f=avif')
  expect(widthsOf(img.srcset)).toEqual(widthsOf(source.srcset))
  expect(img).toMatchObject({
    src: `/images/${key}?w=640`,
    sizes: '100vw',
    width: '640',
    height: '480',
    alt: 'A phone mount',
  })
  expect(img.loading).toBe('lazy')
  expect(img.fetchpriority).toBeUndefined()
})

test('only a priority picture is fetched eagerly with high priority; an eager one is not lazy', () => {
  const render = (loading: 'priority' | 'eager') =>
    tags(
      renderToStaticMarkup(<ResponsiveImage source={key} alt="" width={1} height={1} sizes="1px" loading={loading} />),
      'img',
    )[0]
  expect(render('priority')).toMatchObject({ loading: 'eager', fetchpriority: 'high' })
  expect(render('eager').loading).toBe('eager')
  expect(render('eager').fetchpriority).toBeUndefined()
})

test('an absolute URL or a missing picture is a plain image, still with its size', () => {
  for (const source of ['https://example.com/tpu.png', null]) {
    const html = renderToStaticMarkup(<ResponsiveImage source={source} alt="" width={160} height={120} sizes="80px" />)
    expect(html).not.toContain('<picture')
    expect(html).not.toContain('srcset')
    expect(tags(html, 'img')[0]).toMatchObject({ width: '160', height: '120' })
  }
  expect(renderToStaticMarkup(<ResponsiveImage source={null} alt="" width={1} height={1} sizes="1px" />)).toContain(
    'src="/placeholder-product.svg"',
  )
})

test('content pictures keep their slot, alt text and frame', () => {
  const html = renderToStaticMarkup(
    <ContentImage
      image={{ kind: 'image', source: 'about/hero.3f9a0c12d4e5b6a7.webp', alt: 'Our workshop' }}
      ratio="standard"
      sizes="50vw"
      priority
    />,
  )
  expect(tags(html, 'img')[0]).toMatchObject({
    'data-slot': 'content-image',
    alt: 'Our workshop',
    width: '1200',
    height: '900',
    fetchpriority: 'high',
  })
  expect(tags(html, 'source')[0].type).toBe('image/avif')
})

function product(id: string): ProductCardProduct {
  return {
    id,
    title: `Mount ${id}`,
    description: 'Holds a phone.',
    images: [`products/${id}/1.3f9a0c12d4e5b6a7.webp`],
    rating: 4,
    reviewCount: 2,
    variations: [],
    stockQuantity: 3,
    priceType: 'set',
    priceCents: 1200,
    tieredPricing: [],
  }
}

test('in a list of cards only the first picture has high priority; the rest in view are eager, the others lazy', () => {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      {['a', 'b', 'c', 'd'].map((id, index) => (
        <ProductCard key={id} product={product(id)} eager={index < 3} priority={index === 0} />
      ))}
    </MemoryRouter>,
  )
  const images = tags(html, 'img')
  expect(images.map((img) => img.fetchpriority ?? '')).toEqual(['high', '', '', ''])
  expect(images.map((img) => img.loading)).toEqual(['eager', 'eager', 'eager', 'lazy'])
  expect(images.every((img) => img.width === '640' && img.height === '480')).toBe(true)
  expect(tags(html, 'source')).toHaveLength(4)
})
