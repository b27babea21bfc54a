import { useState } from 'react'
import { useLocation } from '#/lib/router/react.tsx'

/**
 * A tab chosen by the address (`?tab=reviews`, so a link can open it) and then by the reader. A new
 * address (a stat tile followed on the same page) chooses again; the first tab when it names none.
 */
export function useAddressTab(tabs: readonly string[], param = 'tab'): [number, (tab: number) => void] {
  const { search } = useLocation()
  const named = tabs.indexOf(new URLSearchParams(search).get(param) ?? '')
  const [picked, setPicked] = useState<{ search: string; tab: number } | null>(null)
  return [picked?.search === search ? picked.tab : Math.max(0, named), (tab) => setPicked({ search, tab })]
}
