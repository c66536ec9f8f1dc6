import type { MetaDescriptor } from 'react-router'
import type { ProductDto } from '#app/modules/catalog/types.ts'
import { unitPriceCents } from '#app/rules/pricing.ts'

export type ProductWithImageUrls = ProductDto & { imageUrls: string[] }

export function productMeta(product: ProductWithImageUrls | null, pageUrl: string | null): MetaDescriptor[] {
  if (!product || !pageUrl) {
    return [
      { title: 'Product not found · LayerWorks 3D' },
      { name: 'description', content: 'This product does not exist or is no longer available.' },
      { name: 'robots', content: 'noindex' },
    ]
  }
  const title = `${product.title} · LayerWorks 3D`
  const description = product.description.slice(0, 160) || `${product.title}, 3D printed to order by LayerWorks 3D.`
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: pageUrl },
    { property: 'og:type', content: 'product' },
    { property: 'og:title', content: product.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: pageUrl },
    ...(product.imageUrls[0] ? [{ property: 'og:image', content: product.imageUrls[0] }] : []),
    { 'script:ld+json': productJsonLd(product, pageUrl) },
  ]
}

function productJsonLd(product: ProductWithImageUrls, pageUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    image: product.imageUrls,
    description: product.description,
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      price: (unitPriceCents(product, 1) / 100).toFixed(2),
      priceCurrency: 'USD',
      availability: product.stockQuantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
    ...(product.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating,
            reviewCount: product.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  }
}
