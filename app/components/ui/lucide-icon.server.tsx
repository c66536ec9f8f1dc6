import { useLucideContext } from 'lucide-react/dist/esm/context.mjs'
// lucide-react's own parts, by path: its Icon draws what the quick path below leaves to it.
import LibraryIcon from 'lucide-react/dist/esm/Icon.mjs'
import { createElement, forwardRef, type ReactElement, type ReactNode, type SVGProps } from 'react'

// lucide-react's Icon, as the server renders it (decision 042). Every icon of the library is its
// `createLucideIcon(data)`, which renders this Icon with the icon's data; the server build puts
// this module in the library's Icon's place (scripts/vite/lean-lucide-icons.ts), so every
// `import { PencilIcon } from 'lucide-react'` stays as it is. The library's Icon builds every
// attribute of every icon afresh on each render (its generic attribute builder, spreads, class
// merging): 14 µs an icon, 0.8 ms for the 57 icons of a back-office list, on every request. Here
// an icon's paths are made once and its classes once per class name. The markup is the library's
// to the byte (lucide-icon.server.test.tsx compares them), which the browser's hydration, drawing
// with the library's own Icon, requires.

/** An icon as lucide-react describes it (`createLucideIcon`'s argument). */
export type LucideIconData = {
  name?: string
  size?: number
  width?: number
  height?: number
  aliases?: string[]
  node: [tag: string, attributes: Record<string, string>, ...rest: unknown[]][]
}

type IconProps = SVGProps<SVGSVGElement> & {
  icon?: LucideIconData
  iconNode?: LucideIconData['node']
  size?: string | number
  absoluteStrokeWidth?: boolean
  nonScalingStroke?: boolean
  children?: ReactNode
}

const paths = new WeakMap<LucideIconData, ReactElement[]>()
const classNames = new WeakMap<LucideIconData, Map<string, string>>()

/** The icon's shapes as elements: made once, the same elements in every render (they never change). */
function pathsOf(icon: LucideIconData) {
  let drawn = paths.get(icon)
  if (!drawn) {
    drawn = icon.node.map(([tag, attributes]) => createElement(tag, attributes))
    paths.set(icon, drawn)
  }
  return drawn
}

/** `lucide lucide-<name> lucide-<alias>… <className>`, every word once, as the library writes it. */
function classNameOf(icon: LucideIconData, className: string) {
  let byClassName = classNames.get(icon)
  if (!byClassName) {
    byClassName = new Map()
    classNames.set(icon, byClassName)
  }
  let merged = byClassName.get(className)
  if (merged === undefined) {
    const aliases = (icon.aliases ?? []).filter((alias) => alias.trim() !== '').map((alias) => `lucide-${alias}`)
    const words = ['lucide', ...(icon.name ? [`lucide-${icon.name}`] : []), ...aliases, ...className.split(/\s+/)]
    merged = [...new Set(words.filter(Boolean))].join(' ')
    byClassName.set(className, merged)
  }
  return merged
}

/** Whether the icon is named for assistive technology: otherwise it is hidden from it. */
function describesItself(attributes: Record<string, unknown>) {
  for (const name in attributes) {
    if ((name.startsWith('aria-') || name === 'role' || name === 'title') && attributes[name] != null) return true
  }
  return false
}

function hasSettings(context: Record<string, unknown> | null | undefined) {
  return Boolean(context) && Object.values(context as object).some((value) => value !== undefined)
}

const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon(props, ref) {
  const context = useLucideContext() as Record<string, unknown> | null | undefined
  // What changes the drawing itself (a size, a colour, a stroke, a whole icon node) is left to the
  // library's Icon, as is a LucideProvider's settings.
  const {
    icon,
    className,
    children,
    color,
    size,
    width,
    height,
    strokeWidth,
    absoluteStrokeWidth,
    nonScalingStroke,
    iconNode,
    ...rest
  } = props
  const tuning = [color, size, width, height, strokeWidth, absoluteStrokeWidth, nonScalingStroke, iconNode]
  if (!icon || hasSettings(context) || tuning.some((value) => value !== undefined)) {
    return createElement(LibraryIcon, { ...props, ref })
  }
  return createElement(
    'svg',
    {
      ref,
      xmlns: 'http://www.w3.org/2000/svg',
      width: 24,
      height: 24,
      viewBox: `0 0 ${icon.size ?? icon.width ?? 24} ${icon.size ?? icon.height ?? 24}`,
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth: 2,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      className: classNameOf(icon, typeof className === 'string' ? className : ''),
      ...(children || describesItself(rest) ? {} : { 'aria-hidden': 'true' }),
      ...rest,
    },
    [...pathsOf(icon), ...(Array.isArray(children) ? children : [children])],
  )
})

export default Icon
