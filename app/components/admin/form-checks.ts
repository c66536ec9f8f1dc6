import type { FormEvent } from 'react'
import { showToast } from '#app/components/ui/toaster.tsx'

/**
 * The browser's own check before a form is posted: when one of the `required` fields is blank the
 * post is stopped and `message` toasted, as the server's refusal would say it. Before JavaScript
 * has loaded the server answers instead.
 * @example <form onSubmit={stopWhenBlank(['title', 'content'], 'Title and content are required.')}>
 */
export function stopWhenBlank(required: readonly string[], message: string) {
  return (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget)
    if (required.some((name) => !String(form.get(name) ?? '').trim())) {
      event.preventDefault()
      showToast({ title: 'Error', description: message, variant: 'destructive' })
    }
  }
}
