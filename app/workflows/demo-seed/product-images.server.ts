import sharp from 'sharp'
import type { ProductShape } from './demo-content.ts'

export const productImageWidth = 1200
export const productImageHeight = 900

export type ProductImageInput = {
  title: string
  /** Body colour and accent colour, as `#rrggbb`. */
  colors: [string, string]
  shape: ProductShape
  /** 0 for the cover shot; 1, 2… give other angles and compositions. */
  index: number
}

/**
 * Renders a studio-style product shot of a stylised 3D-printed object (no text), as a
 * 1200x900 PNG. The same input always gives the same picture.
 */
export async function renderProductImage(input: ProductImageInput): Promise<Buffer> {
  return sharp(Buffer.from(buildProductSvg(input)))
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer()
}

type Rgb = [number, number, number]
type ShapeParts = { body: string; accent?: string }
type Shot = { x: number; y: number; angle: number; scale: number; depth: [number, number]; backdrop: number }

// Layer lines every 6 units, drawn as one tile of ten lines (large tiles render faster).
const layerLines = Array.from({ length: 10 }, (_, i) => `M0 ${i * 6 + 5.3}h600`).join('')

// Camera set-ups: cover shot, three-quarter view, close-up; further indexes cycle with a twist.
const shots: Shot[] = [
  { x: 600, y: 420, angle: -6, scale: 1, depth: [22, 18], backdrop: 0.86 },
  { x: 660, y: 430, angle: 13, scale: 0.82, depth: [-26, 16], backdrop: 0.8 },
  { x: 560, y: 470, angle: -19, scale: 1.3, depth: [28, 24], backdrop: 0.72 },
]

/** A colour stop of a gradient: where it sits (0 to 1), its colour and, when not opaque, its opacity. */
type Stop = [offset: number, color: string, opacity?: number]

const userSpace = 'gradientUnits="userSpaceOnUse"'
// From the top-left corner to the bottom-right one.
const diagonal = 'x1="0" y1="0" x2="1" y2="1"'

/** A gradient of the picture's `<defs>`, laid out as the rest of it. */
function gradient(kind: 'linearGradient' | 'radialGradient', attributes: string, stops: Stop[]): string {
  const stopTags = stops.map(
    ([offset, color, opacity]) =>
      `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? '' : ` stop-opacity="${opacity}"`}/>`,
  )
  return [`<${kind} ${attributes}>`, ...stopTags.map((tag) => `  ${tag}`), `</${kind}>`].join('\n    ')
}

export function buildProductSvg({ colors, shape, index }: ProductImageInput): string {
  const base = shots[index % shots.length]
  const turn = Math.floor(index / shots.length)
  const shot = { ...base, angle: base.angle + turn * 11, x: base.x - turn * 30 }
  const [main, accent] = [parseHex(colors[0]), parseHex(colors[1])]
  const parts = shapes[shape]()
  const white: Rgb = [255, 255, 255]
  const black: Rgb = [0, 0, 0]

  const bgTop = hex(mix(accent, white, shot.backdrop))
  const bgBottom = hex(mix(mix(accent, black, 0.25), white, shot.backdrop - 0.18))
  const faceLight = hex(mix(main, white, 0.28))
  const faceDark = hex(mix(main, black, 0.22))
  const accentLight = hex(mix(accent, white, 0.2))
  const accentDark = hex(mix(accent, black, 0.25))

  const steps = 10
  const [dx, dy] = shot.depth
  const extrusion: string[] = []
  for (let i = steps; i >= 1; i--) {
    const t = i / steps
    const fill = hex(mix(main, black, 0.25 + 0.3 * t))
    extrusion.push(`<use xlink:href="#body" transform="translate(${r(dx * t)} ${r(dy * t)})" fill="${fill}"/>`)
  }
  // The accent part sits proud of the body: a short extrusion of its own.
  const accentParts = parts.accent
    ? `<path d="${parts.accent}" transform="translate(${r(dx * 0.25)} ${r(dy * 0.25)})" fill="${accentDark}"/>
       <path d="${parts.accent}" fill="url(#accentFace)"/>
       <path d="${parts.accent}" fill="url(#layers)"/>`
    : ''
  const floorY = 720 + (shot.scale - 1) * 120
  const transform = `translate(${shot.x} ${shot.y}) rotate(${shot.angle}) scale(${shot.scale})`
  // A smaller copy in the background for the three-quarter view makes a set look like a set.
  const companion =
    index % shots.length === 1
      ? `<g transform="translate(300 ${shot.y + 40}) rotate(${-shot.angle - 8}) scale(0.42)">
           <use xlink:href="#body" transform="translate(${-dx} ${dy})" fill="${hex(mix(mix(main, black, 0.45), parseHex(bgTop), 0.3))}"/>
           <use xlink:href="#body" transform="translate(${-dx / 2} ${dy / 2})" fill="${hex(mix(mix(main, black, 0.35), parseHex(bgTop), 0.3))}"/>
           <use xlink:href="#body" fill="${hex(mix(mix(main, white, 0.1), parseHex(bgTop), 0.3))}"/>
         </g>
         <ellipse cx="${300 + dx}" cy="${shot.y + 170}" rx="150" ry="26" fill="url(#shadow)" opacity="0.6"/>`
      : ''

  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${productImageWidth}" height="${productImageHeight}" viewBox="0 0 ${productImageWidth} ${productImageHeight}">
  <defs>
    ${gradient('linearGradient', 'id="backdrop" x1="0" y1="0" x2="0" y2="1"', [
      [0, bgTop],
      [0.62, hex(mix(parseHex(bgTop), parseHex(bgBottom), 0.5))],
      [1, bgBottom],
    ])}
    ${gradient('radialGradient', `id="spot" cx="${shot.x}" cy="${shot.y - 60}" r="620" ${userSpace}`, [
      [0, '#fff', 0.75],
      [1, '#fff', 0],
    ])}
    ${gradient('radialGradient', `id="vignette" cx="600" cy="450" r="780" ${userSpace}`, [
      [0.55, '#000', 0],
      [1, '#000', 0.28],
    ])}
    ${gradient('linearGradient', `id="face" ${diagonal}`, [
      [0, faceLight],
      [1, faceDark],
    ])}
    ${gradient('linearGradient', `id="accentFace" ${diagonal}`, [
      [0, accentLight],
      [1, accentDark],
    ])}
    ${gradient('radialGradient', `id="sheen" cx="-120" cy="-150" r="260" ${userSpace}`, [
      [0, '#fff', 0.38],
      [1, '#fff', 0],
    ])}
    <pattern id="layers" width="600" height="60" patternUnits="userSpaceOnUse">
      <path d="${layerLines}" stroke="#000" stroke-opacity="0.13" stroke-width="1.4"/>
    </pattern>
    ${gradient('linearGradient', 'id="floor" x1="0" y1="0" x2="0" y2="1"', [
      [0, '#000', 0],
      [0.5, '#000', 0.05],
      [1, '#000', 0.1],
    ])}
    ${gradient('radialGradient', 'id="shadow"', [
      [0, '#000', 0.42],
      [0.55, '#000', 0.2],
      [1, '#000', 0],
    ])}
    <path id="body" d="${parts.body}"/>
  </defs>
  <rect width="100%" height="100%" fill="url(#backdrop)"/>
  <rect width="100%" height="100%" fill="url(#spot)"/>
  <rect y="${floorY - 160}" width="100%" height="${productImageHeight - floorY + 160}" fill="url(#floor)"/>
  ${companion}
  <ellipse cx="${shot.x + dx * 2}" cy="${floorY}" rx="${r(340 * shot.scale)}" ry="${r(60 * shot.scale)}" fill="url(#shadow)"/>
  <ellipse cx="${shot.x + dx}" cy="${floorY - 4}" rx="${r(230 * shot.scale)}" ry="${r(20 * shot.scale)}" fill="url(#shadow)"/>
  <g transform="${transform}">
    ${extrusion.join('\n    ')}
    <use xlink:href="#body" fill="url(#face)"/>
    <use xlink:href="#body" fill="url(#layers)"/>
    <use xlink:href="#body" fill="url(#sheen)"/>
    <use xlink:href="#body" fill="none" stroke="#fff" stroke-opacity="0.22" stroke-width="2"/>
    ${accentParts}
  </g>
  <rect width="100%" height="100%" fill="url(#vignette)"/>
</svg>`
}

// Shapes are drawn around (0, 0) within about ±260 units. Filled regions wind clockwise, holes
// counter-clockwise, so overlapping parts merge under the default non-zero fill rule.
const shapes: Record<ProductShape, () => ShapeParts> = {
  mount: () => ({
    body: [
      rect(-140, -245, 280, 300, 30),
      rect(-165, -260, 330, 40, 18),
      rect(-165, 40, 330, 40, 18),
      rect(-30, 70, 60, 80, 8),
      ring(0, 195, 70, 42),
    ].join(''),
    accent: rect(-158, -254, 316, 14, 7) + rect(-158, 60, 316, 14, 7),
  }),
  cradle: () => ({
    body: [
      rect(-200, 0, 400, 60, 20),
      rect(-200, -200, 50, 230, 20),
      rect(150, -200, 50, 230, 20),
      rect(-150, -140, 300, 150, 12),
      polygon([
        [-120, 55],
        [120, 55],
        [170, 170],
        [-170, 170],
      ]),
    ].join(''),
    accent: [
      rect(-100, -100, 200, 18, 9),
      rect(-100, -60, 200, 18, 9),
      rect(-194, -196, 38, 30, 12),
      rect(156, -196, 38, 30, 12),
    ].join(''),
  }),
  stand: () => ({
    body: [
      rect(-230, 120, 460, 50, 14),
      polygon([
        [-160, 125],
        [30, -230],
        [85, -230],
        [-95, 125],
      ]),
      rect(120, 60, 42, 70, 10),
    ].join(''),
    accent: [rect(-210, 162, 420, 12, 6), rect(120, 55, 42, 14, 7)].join(''),
  }),
  knob: () => {
    const knobs: [number, number, number, number][] = [
      [-175, 60, 88, 22],
      [35, -40, 120, 30],
      [205, 95, 68, 18],
    ]
    return {
      body: knobs
        .map(([x, y, radius, teeth]) => knurl(x, y, radius, teeth) + circle(x, y, radius * 0.22, true))
        .join(''),
      accent: knobs.map(([x, y, radius]) => ring(x, y, radius * 0.55, radius * 0.3)).join(''),
    }
  },
  clip: () => {
    const xs = [-180, 0, 180]
    return {
      body: xs.map((x) => band(x, -20, 88, 58, -65, 245) + rect(x - 70, 58, 140, 38, 10)).join(''),
      accent: xs.map((x) => rect(x - 62, 86, 124, 10, 5)).join(''),
    }
  },
  gear: () => {
    const holes = Array.from({ length: 5 }, (_, i) => {
      const a = (i / 5) * Math.PI * 2 - Math.PI / 2
      return circle(Math.cos(a) * 125, Math.sin(a) * 125, 30, true)
    })
    return {
      body: gearOutline(0, 0, 225, 190, 20) + holes.join('') + circle(0, 0, 44, true),
      accent: ring(0, 0, 72, 44),
    }
  },
  bracket: () => {
    const holes: [number, number][] = [
      [-165, -160],
      [-165, 10],
      [20, 145],
      [160, 145],
    ]
    return {
      body:
        rect(-200, -230, 70, 410, 12) +
        rect(-200, 110, 420, 70, 12) +
        polygon([
          [-130, 110],
          [-130, -60],
          [60, 110],
        ]) +
        holes.map(([x, y]) => circle(x, y, 17, true)).join(''),
      accent: holes.map(([x, y]) => circle(x, y, 11)).join(''),
    }
  },
  hook: () => ({
    body: [
      rect(-60, -240, 120, 260, 30),
      circle(0, -185, 14, true),
      circle(0, -40, 14, true),
      rect(-80, -30, 50, 100),
      band(40, 60, 120, 70, 0, 180),
      rect(110, -30, 50, 100, 25),
    ].join(''),
    accent: circle(0, -185, 9) + circle(0, -40, 9) + rect(112, -34, 46, 18, 9),
  }),
  case: () => ({
    body: rect(-250, -180, 500, 360, 40) + rect(70, -150, 76, 76, 20, true),
    accent: [
      rect(-160, -100, 290, 200, 26),
      rect(-256, -186, 90, 90, 36),
      rect(166, 96, 90, 90, 36),
      rect(-256, 96, 90, 90, 36),
      rect(166, -186, 90, 90, 36),
    ].join(''),
  }),
  'phone-case': () => ({
    body: rect(-125, -245, 250, 490, 46) + rect(-98, -218, 92, 112, 28, true),
    accent: ring(0, 40, 58, 44) + rect(125, -120, 10, 70, 5) + rect(-135, -140, 10, 44, 5),
  }),
  enclosure: () => ({
    body: [
      rect(-230, -120, 460, 270, 24),
      rect(-250, -175, 500, 72, 20),
      ...Array.from({ length: 7 }, (_, i) => rect(-150 + i * 45, -70, 18, 120, 9, true)),
      rect(-200, 80, 64, 42, 6, true),
      rect(-120, 80, 64, 42, 6, true),
    ].join(''),
    accent: [
      rect(-250, -120, 500, 14, 7),
      circle(190, 100, 10),
      rect(-200, 146, 60, 14, 6),
      rect(140, 146, 60, 14, 6),
    ].join(''),
  }),
}

function rect(x: number, y: number, w: number, h: number, radius = 0, hole = false): string {
  const k = Math.min(radius, w / 2, h / 2)
  if (hole) {
    return `M${r(x + k)} ${r(y)}a${k} ${k} 0 0 0 ${-k} ${k}v${r(h - 2 * k)}a${k} ${k} 0 0 0 ${k} ${k}h${r(w - 2 * k)}a${k} ${k} 0 0 0 ${k} ${-k}v${r(2 * k - h)}a${k} ${k} 0 0 0 ${-k} ${-k}z`
  }
  return `M${r(x + k)} ${r(y)}h${r(w - 2 * k)}a${k} ${k} 0 0 1 ${k} ${k}v${r(h - 2 * k)}a${k} ${k} 0 0 1 ${-k} ${k}h${r(2 * k - w)}a${k} ${k} 0 0 1 ${-k} ${-k}v${r(2 * k - h)}a${k} ${k} 0 0 1 ${k} ${-k}z`
}

function circle(cx: number, cy: number, radius: number, hole = false): string {
  const sweep = hole ? 0 : 1
  const rr = r(radius)
  return `M${r(cx - radius)} ${r(cy)}a${rr} ${rr} 0 1 ${sweep} ${r(2 * radius)} 0a${rr} ${rr} 0 1 ${sweep} ${r(-2 * radius)} 0z`
}

function ring(cx: number, cy: number, outer: number, inner: number): string {
  return circle(cx, cy, outer) + circle(cx, cy, inner, true)
}

/** An arc-shaped band between two radii from angle a0 to a1 (degrees, clockwise on screen). */
function band(cx: number, cy: number, outer: number, inner: number, a0: number, a1: number): string {
  const at = (radius: number, deg: number) => {
    const a = (deg * Math.PI) / 180
    return `${r(cx + Math.cos(a) * radius)} ${r(cy + Math.sin(a) * radius)}`
  }
  const large = a1 - a0 > 180 ? 1 : 0
  return `M${at(outer, a0)}A${outer} ${outer} 0 ${large} 1 ${at(outer, a1)}L${at(inner, a1)}A${inner} ${inner} 0 ${large} 0 ${at(inner, a0)}z`
}

function polygon(points: [number, number][]): string {
  return `M${points.map(([x, y]) => `${r(x)} ${r(y)}`).join('L')}z`
}

/** A knurled knob outline: many shallow ridges. */
function knurl(cx: number, cy: number, radius: number, ridges: number): string {
  const points: [number, number][] = []
  for (let i = 0; i < ridges * 2; i++) {
    const a = (i / (ridges * 2)) * Math.PI * 2
    const rad = i % 2 === 0 ? radius : radius * 0.91
    points.push([cx + Math.cos(a) * rad, cy + Math.sin(a) * rad])
  }
  return polygon(points)
}

/** A spur gear outline with trapezoid teeth. */
function gearOutline(cx: number, cy: number, tip: number, root: number, teeth: number): string {
  const points: [number, number][] = []
  const pitch = (Math.PI * 2) / teeth
  const at = (rad: number, a: number): [number, number] => [cx + Math.cos(a) * rad, cy + Math.sin(a) * rad]
  for (let i = 0; i < teeth; i++) {
    const a = i * pitch
    points.push(at(root, a), at(tip, a + pitch * 0.15), at(tip, a + pitch * 0.4), at(root, a + pitch * 0.55))
  }
  return polygon(points)
}

function parseHex(value: string): Rgb {
  const match = /^#?([0-9a-f]{6})$/i.exec(value.trim())
  if (!match) throw new Error(`Invalid colour: ${value}`)
  const n = Number.parseInt(match[1], 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [0, 1, 2].map((i) => a[i] + (b[i] - a[i]) * t) as Rgb
}

function hex(color: Rgb): string {
  return `#${color
    .map((c) =>
      Math.round(Math.max(0, Math.min(255, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

function r(n: number): number {
  return Math.round(n * 10) / 10
}
