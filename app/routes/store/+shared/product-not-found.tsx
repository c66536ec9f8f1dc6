import { NotFoundState } from '#app/components/not-found-state.tsx'

export function ProductNotFound() {
  return (
    <NotFoundState
      title="Product not found"
      text="This product does not exist or is no longer available."
      backTo="/products"
      backLabel="Back to Products"
    />
  )
}
