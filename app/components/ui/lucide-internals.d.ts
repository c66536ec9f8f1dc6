// The parts of lucide-react that lucide-icon.server.tsx (and its test) take by path, for which its
// package ships no types: the library's own Icon, and its LucideProvider with the hook that reads it.
declare module 'lucide-react/dist/esm/Icon.mjs' {
  import type { ForwardRefExoticComponent, RefAttributes } from 'react'

  const Icon: ForwardRefExoticComponent<Record<string, unknown> & RefAttributes<SVGSVGElement>>
  export default Icon
}

declare module 'lucide-react/dist/esm/context.mjs' {
  import type { ReactNode } from 'react'

  export function useLucideContext(): Record<string, unknown> | undefined
  export function LucideProvider(props: {
    children?: ReactNode
    size?: number
    color?: string
    strokeWidth?: number
    absoluteStrokeWidth?: boolean
    nonScalingStroke?: boolean
    className?: string
  }): ReactNode
}
