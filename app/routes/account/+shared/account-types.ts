export type AccountActionResult = {
  ok: boolean
  toast: { title: string; description?: string; variant?: 'default' | 'destructive' | 'success' }
}
