import { createContext, useContext } from 'react'

// The shop's one stylesheet is written into each page's head by the server rather than linked: a
// linked stylesheet blocks the first paint for a round trip on a phone's network (Lighthouse's
// render-blocking request), and the whole of it is about 10 KB compressed. entry.server.tsx
// provides the text; in the browser the context is empty. React hydrates the server's <style>
// as it is (it does not compare dangerouslySetInnerHTML) and never writes it again, since the prop
// stays the same on every later render, so navigations keep the styles.
const StylesheetContext = createContext('')

export const StylesheetProvider = StylesheetContext.Provider

export function InlineStylesheet() {
  // The text is the shop's own stylesheet from its build, never a visitor's input; as children it
  // would be compared at hydration with the browser's empty text and the styles dropped.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: build-time CSS of our own, see above
  return <style dangerouslySetInnerHTML={{ __html: useContext(StylesheetContext) }} />
}
