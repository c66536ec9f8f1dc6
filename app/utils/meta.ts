/** The title, description and their Open Graph twins that every public page sets. */
export function pageMeta({ title, description }: { title: string; description: string }) {
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
  ]
}
