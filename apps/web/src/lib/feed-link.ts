import { useEffect } from 'react'

/**
 * Announces Atom feeds of the screen in the document's head (`<link rel="alternate"
 * type="application/atom+xml">`), so a feed reader finds them from the page's address; removed
 * when the screen goes. Nothing is added while `feeds` is empty (the screen's data still loads).
 */
export function useFeedLinks(feeds: readonly { href: string; title: string }[]): void {
  const key = feeds.map((f) => `${f.href}\u0000${f.title}`).join('\u0001')
  useEffect(() => {
    if (!key) return
    const links = key.split('\u0001').map((pair) => {
      const [href = '', title = ''] = pair.split('\u0000')
      const link = document.createElement('link')
      link.rel = 'alternate'
      link.type = 'application/atom+xml'
      link.href = href
      link.title = title
      document.head.appendChild(link)
      return link
    })
    return () => links.forEach((l) => l.remove())
  }, [key])
}
