import { BoxIcon, PrinterIcon, ScanLineIcon, StarIcon } from 'lucide-react'
import { Link } from 'react-router'
import { HeadedSection } from '#app/components/content/headed-section.tsx'
import { ProductCard } from '#app/components/product/product-card.tsx'
import { StarRating } from '#app/components/product/star-rating.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { listVisibleProducts } from '#app/modules/catalog/index.server.ts'
import { listApprovedReviews } from '#app/modules/reviews/index.server.ts'
import { reviewerName } from '#app/rules/reviewer-name.ts'
import type { Route } from './+types/home.ts'

/** How many products and reviews the home page features (storefront §9); only products in stock. */
const FEATURED_PRODUCTS = 3
const FEATURED_REVIEWS = 3

export async function loader() {
  const [products, reviews] = await Promise.all([
    listVisibleProducts({ inStockOnly: true, limit: FEATURED_PRODUCTS }),
    listApprovedReviews({ limit: FEATURED_REVIEWS }),
  ])
  return { products, reviews }
}

export function meta() {
  const title = 'LayerWorks 3D · Practical 3D design, scanning and printing'
  const description =
    'Custom 3D modeling, precise 3D scanning and made-to-order 3D printed mounts, parts and cases, shipped worldwide.'
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
  ]
}

const serviceBlurbs = [
  {
    title: '3D Modeling',
    icon: BoxIcon,
    text: 'From a napkin sketch to a print-ready model: we design parts that fit the first time.',
  },
  {
    title: '3D Scanning',
    icon: ScanLineIcon,
    text: 'Accurate scans of existing objects for replacement parts, reverse engineering and archiving.',
  },
  {
    title: '3D Printing',
    icon: PrinterIcon,
    text: 'Durable prints in PLA, PETG, ASA and TPU, from a single prototype to small production runs.',
  },
]

export default function Home({ loaderData }: Route.ComponentProps) {
  const { products, reviews } = loaderData
  return (
    <>
      <section className="border-b bg-gradient-to-b from-accent/60 to-background">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-20 md:py-28">
          <p className="font-semibold text-primary text-sm uppercase tracking-wider">Design · Scan · Print</p>
          <h1 className="max-w-3xl font-bold text-4xl tracking-tight md:text-6xl">Practical 3D Solutions</h1>
          <p className="max-w-2xl text-lg text-muted-foreground">
            Made-to-order parts, mounts and cases, and custom 3D design and scanning for the things that you can't buy
            off the shelf.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/products">Shop Products</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/instant-quote">Request Custom Quote</Link>
            </Button>
          </div>
        </div>
      </section>

      <HeadedSection
        id="services-heading"
        title="What we do"
        headingClassName="mb-8 font-bold text-2xl tracking-tight"
        className="mx-auto max-w-7xl px-4 py-16"
      >
        <div className="grid gap-6 md:grid-cols-3">
          {serviceBlurbs.map((service) => (
            <Card key={service.title}>
              <CardHeader>
                <service.icon className="size-8 text-primary" aria-hidden />
                <CardTitle>
                  <h3>{service.title}</h3>
                </CardTitle>
              </CardHeader>
              <CardContent className="text-muted-foreground">{service.text}</CardContent>
            </Card>
          ))}
        </div>
      </HeadedSection>

      <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 py-8">
        <div className="mb-8 flex items-end justify-between gap-4">
          <h2 id="featured-heading" className="font-bold text-2xl tracking-tight">
            Featured products
          </h2>
          <Link to="/products" className="font-medium text-primary text-sm hover:underline">
            View all products
          </Link>
        </div>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((product, index) => (
            <ProductCard key={product.id} product={product} eager={index === 0} />
          ))}
        </div>
      </section>

      <section aria-labelledby="reviews-heading" className="mx-auto max-w-7xl px-4 py-16">
        <div className="mb-8 flex items-end justify-between gap-4">
          <h2 id="reviews-heading" className="font-bold text-2xl tracking-tight">
            What customers say
          </h2>
          <Link to="/feedback" className="font-medium text-primary text-sm hover:underline">
            Read all reviews
          </Link>
        </div>
        {reviews.length === 0 ? (
          <p className="text-muted-foreground">
            <StarIcon className="mr-1 inline size-4" aria-hidden /> No reviews yet.
          </p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-3">
            {reviews.map((review) => (
              <li key={review.id}>
                <Card className="h-full">
                  <CardHeader>
                    <StarRating rating={review.rating} />
                    <CardTitle>
                      <h3>{review.title}</h3>
                    </CardTitle>
                  </CardHeader>
                  <CardContent className="flex flex-1 flex-col justify-between gap-4">
                    <p className="text-muted-foreground">{review.comment}</p>
                    <p className="font-medium text-sm">{reviewerName(review.name)}</p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
