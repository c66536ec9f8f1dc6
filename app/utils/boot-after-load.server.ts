import { Transform } from 'node:stream'

// The page's JavaScript is fetched once the page has loaded (its pictures in view included), not
// while it is being painted (decision 041). React Router's <Scripts> writes a modulepreload link
// for each of the page's modules (React puts them first in <head>) and an inline module script that
// imports them and starts hydration. On a phone's network those 15-20 requests share the line with
// the largest picture, and Lighthouse's simulation counts every module that arrived before the
// largest paint in the paint's own chain (it cannot see when a module is evaluated), which put the
// whole first load (125 KB) ahead of the paint of /, /products and a product page.
//
// The server writes the links and the script inert; `bootAfterLoadScript` (root.tsx's BootAfterLoad,
// after <Scripts>) makes them live after the window's load event, or after BOOT_FALLBACK_MS if some
// picture is slow, so a slow picture never holds the page's buttons back for long. The module script's text is
// unchanged, so a kept page's hash of it (028) allows it, and a per-visitor page gives it its nonce.

export const INERT_PRELOAD_REL = 'x-modulepreload'
export const INERT_MODULE_TYPE = 'text/x-module-after-load'
export const BOOT_FALLBACK_MS = 3000

// How the two tags rewritten below begin; the stream (inertModulesStream) holds back a cut-off tag
// that may be one of them.
const PRELOAD_START = '<link rel="modulepreload"'
const SCRIPT_START = '<script'
const MODULE_PRELOAD = new RegExp(PRELOAD_START, 'g')
// React Router's own script: its attributes are its nonce (when the page has one), then these.
const MODULE_SCRIPT = new RegExp(`${SCRIPT_START}((?: nonce="[^"]*")?) type="module" async="">`, 'g')

/** The server's HTML with React Router's module links and script written inert (see above). */
export function inertModules(html: string) {
  return html
    .replace(MODULE_PRELOAD, `<link rel="${INERT_PRELOAD_REL}"`)
    .replace(MODULE_SCRIPT, `<script$1 type="${INERT_MODULE_TYPE}">`)
}

const TAG_START = 0x3c // <
const TAG_END = 0x3e // >
const REWRITTEN_TAGS = [PRELOAD_START, SCRIPT_START].map((start) => Buffer.from(start))

const MODULE = Buffer.from('module')

/** True when `bytes` may hold a tag `inertModules` rewrites (both name a module): most chunks hold none. */
const mayHoldModules = (bytes: Buffer) => bytes.includes(MODULE)

/** True when a tag cut off at a chunk's end (from its `<`) may be one `inertModules` rewrites. */
function mayBeRewritten(tail: Buffer) {
  return REWRITTEN_TAGS.some((tag) => {
    const length = Math.min(tag.length, tail.length)
    return tail.compare(tag, 0, length, 0, length) === 0
  })
}

/**
 * `inertModules` over a streamed page: a tag it rewrites that is split between two chunks is held
 * back until its end has come, so it is rewritten whole. Only the few chunks that hold one of
 * those tags (the head's links, the script at the end) are rewritten, as Latin-1 text: one
 * character per byte, so the ASCII patterns match as they would in UTF-8 and every other byte
 * comes back as it was. Every other chunk passes as it came: decoding, rewriting and encoding each
 * chunk cost 0.34 ms and 350 KB of garbage per 227 KB back-office page (in React's 4 KB chunks,
 * beyond what a bare PassThrough costs); passing them costs 0.05 ms.
 */
export function inertModulesStream() {
  let held: Buffer | null = null
  const emit = (chunk: Buffer, final: boolean) => {
    const whole = held ? Buffer.concat([held, chunk]) : chunk
    const open = final ? -1 : whole.lastIndexOf(TAG_START)
    const unfinished = open !== -1 && !whole.includes(TAG_END, open) && mayBeRewritten(whole.subarray(open))
    const cut = unfinished ? open : whole.length
    // A copy: the held bytes outlive the chunk they came in.
    held = unfinished ? Buffer.from(whole.subarray(cut)) : null
    const ready = whole.subarray(0, cut)
    return mayHoldModules(ready) ? Buffer.from(inertModules(ready.toString('latin1')), 'latin1') : ready
  }
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, emit(chunk, false))
    },
    flush(callback) {
      callback(null, emit(Buffer.alloc(0), true))
    },
  })
}

/** Makes the inert links and script live after the load event (see above); an inline classic script. */
export const bootAfterLoadScript = `(function () {
  var started = false
  function boot() {
    if (started) return
    started = true
    document.querySelectorAll('link[rel="${INERT_PRELOAD_REL}"]').forEach(function (inert) {
      var link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = inert.getAttribute('href')
      document.head.appendChild(link)
    })
    var inert = document.querySelector('script[type="${INERT_MODULE_TYPE}"]')
    if (!inert) return
    var script = document.createElement('script')
    script.type = 'module'
    script.nonce = inert.nonce
    script.textContent = inert.textContent
    document.body.appendChild(script)
  }
  if (document.readyState === 'complete') boot()
  else {
    addEventListener('load', function () { setTimeout(boot) })
    setTimeout(boot, ${BOOT_FALLBACK_MS})
  }
})()`
