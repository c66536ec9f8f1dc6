import { useEffect } from 'react'
import { showToast } from '#app/components/ui/toaster.tsx'

/**
 * Tells the admin when part of a page could not be read (the loader answered with what it had and
 * the reason): a destructive toast, once per new reason.
 * @example useLoadErrorToast('Error fetching orders', loaderData.error)
 */
export function useLoadErrorToast(title: string, error: string | null | undefined) {
  useEffect(() => {
    if (error) showToast({ title, description: error, variant: 'destructive' })
  }, [title, error])
}
